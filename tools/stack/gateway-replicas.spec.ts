const { gatewayReplicas, portClashes, replicaCount, MAX_REPLICAS } = require('./gateway-replicas');

interface Replica { name: string; port: number; metricsPort: number; url: string; env: Record<string, string> }

describe('the local stack\'s gateway replicas (BERTH_GATEWAY_REPLICAS)', () => {
  it('runs one gateway on the usual ports when the variable is unset or empty', () => {
    for (const env of [{}, { BERTH_GATEWAY_REPLICAS: '' }]) {
      const replicas: Replica[] = gatewayReplicas(env);
      expect(replicas.map((r) => [r.name, r.port, r.metricsPort, r.url])).toEqual([['gateway', 8080, 9464, 'http://localhost:8080']]);
      expect(replicas[0].env).toMatchObject({ BERTH_PORT: '8080', BERTH_METRICS_PORT: '9464' });
    }
  });

  it('puts replica i ten ports above the first, its metrics too, from the configured ports', () => {
    const replicas: Replica[] = gatewayReplicas({ BERTH_GATEWAY_REPLICAS: '3', BERTH_PORT: '9000', BERTH_METRICS_PORT: '9500', OTHER: 'kept' });
    expect(replicas.map((r) => [r.name, r.port, r.metricsPort])).toEqual([['gateway', 9000, 9500], ['gateway-2', 9010, 9510], ['gateway-3', 9020, 9520]]);
    expect(replicas[2].env).toMatchObject({ BERTH_PORT: '9020', BERTH_METRICS_PORT: '9520', OTHER: 'kept' });
  });

  it.each(['0', '-1', '1.5', 'two', ' 3x', String(MAX_REPLICAS + 1)])('refuses %p, naming what it accepts', (value) => {
    expect(() => replicaCount({ BERTH_GATEWAY_REPLICAS: value })).toThrow(`BERTH_GATEWAY_REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}`);
  });

  it('accepts every count from 1 to the maximum, blanks around it ignored', () => {
    expect(replicaCount({ BERTH_GATEWAY_REPLICAS: ' 2 ' })).toBe(2);
    expect(replicaCount({ BERTH_GATEWAY_REPLICAS: String(MAX_REPLICAS) })).toBe(MAX_REPLICAS);
  });

  it('finds no clash at the default ports with the most replicas', () => {
    expect(portClashes({ BERTH_GATEWAY_REPLICAS: String(MAX_REPLICAS) })).toEqual([]);
  });

  it('names a replica that would take an internal app\'s port or another gateway\'s metrics port', () => {
    expect(portClashes({ BERTH_GATEWAY_REPLICAS: '2', BERTH_PORT: '3091' })).toEqual(['gateway-2 and application-registry would both listen on 3101']);
    expect(portClashes({ BERTH_GATEWAY_REPLICAS: '2', BERTH_PORT: '9000', BERTH_METRICS_PORT: '9010' })).toEqual(['gateway-2 and gateway metrics would both listen on 9010']);
    expect(portClashes({ BERTH_GATEWAY_REPLICAS: '2', BERTH_PORT: '65530' })).toEqual(['gateway-2 would listen on 65540, which is not a port']);
  });
});
