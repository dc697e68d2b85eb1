import { manifestProbe } from './manifest-probes';

describe('manifestProbe', () => {
  it('keeps one action with its timings, dropping zeros and non-integers', () => {
    expect(manifestProbe({ httpGet: { path: '/ready', port: 8080 }, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 1.5, failureThreshold: 3 }))
      .toEqual({ httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 });
    expect(manifestProbe({ tcpSocket: { port: 9000 } })).toEqual({ tcpSocket: { port: 9000 } });
    expect(manifestProbe({ exec: { command: ['cat', '/tmp/ok'] }, failureThreshold: 2 })).toEqual({ exec: { command: ['cat', '/tmp/ok'] }, failureThreshold: 2 });
  });

  it('defaults an httpGet to /health on 80 and rejects probes without a usable action', () => {
    expect(manifestProbe({ httpGet: {} })).toEqual({ httpGet: { path: '/health', port: 80 } });
    for (const bad of [undefined, 'x', [], {}, { tcpSocket: { port: 70000 } }, { exec: { command: [] } }, { exec: { command: [1] } }]) {
      expect(manifestProbe(bad)).toBeUndefined();
    }
  });
});
