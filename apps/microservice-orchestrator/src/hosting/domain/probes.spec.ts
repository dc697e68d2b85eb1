import { probePorts, probesOf } from './probes';

describe('probesOf', () => {
  it('defaults to GET /health on 80 for readiness and no liveness', () => {
    expect(probesOf({})).toEqual({ readiness: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 } });
  });

  it('reads httpGet, tcpSocket and exec probes with their timings', () => {
    const probes = probesOf({
      readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 2 },
      livenessProbe: { exec: { command: ['/hello', 'probe'] }, initialDelaySeconds: 4, timeoutSeconds: 3, failureThreshold: 1 },
    });
    expect(probes).toEqual({
      readiness: { tcpSocket: { port: 8080 }, initialDelaySeconds: 0, periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 3 },
      liveness: { exec: { command: ['/hello', 'probe'] }, initialDelaySeconds: 4, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 1 },
    });
    expect(probePorts(probes)).toEqual([8080]);
    expect(probePorts(probesOf({ livenessProbe: { httpGet: { path: '/live', port: 9090 } } }))).toEqual([80, 9090]);
  });

  it('ignores unreadable probes and values', () => {
    expect(probesOf({ livenessProbe: { exec: { command: [] } } }).liveness).toBeUndefined();
    expect(probesOf({ readinessProbe: { httpGet: { path: 'x', port: 'y' }, periodSeconds: -1 } }).readiness)
      .toMatchObject({ httpGet: { path: '/health', port: 80 }, periodSeconds: 5 });
  });
});
