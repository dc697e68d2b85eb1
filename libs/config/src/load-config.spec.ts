import { baseConfigSchema, ConfigError, internalPortSchema, loadConfig } from '.';

const KEY = { BERTH_INTERNAL_KEY: 'k'.repeat(32) };

describe('loadConfig', () => {
  it('applies the local defaults', () => {
    const cfg = loadConfig(baseConfigSchema, KEY);
    expect(cfg.KAFKA_BROKERS).toEqual(['127.0.0.1:9192']);
    expect(cfg.BERTH_BRAND).toBe('cumulocity');
    expect(cfg.BERTH_BIND_ADDRESS).toBe('127.0.0.1');
  });

  it('splits the broker list', () => {
    expect(loadConfig(baseConfigSchema, { ...KEY, KAFKA_BROKERS: 'a:1, b:2,' }).KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
  });

  it('reports every bad variable at once, by name', () => {
    const env = { MONGODB_URI: 'postgres://x', REDIS_URL: 'nope', LOG_LEVEL: 'loud' };
    let err: ConfigError | undefined;
    try { loadConfig(baseConfigSchema, env); } catch (e) { err = e as ConfigError; }
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.problems.map((p) => p.split(':')[0]).sort()).toEqual(['BERTH_INTERNAL_KEY', 'LOG_LEVEL', 'MONGODB_URI', 'REDIS_URL']);
  });

  it('refuses an internal key shorter than 32 characters', () => {
    expect(() => loadConfig(baseConfigSchema, { BERTH_INTERNAL_KEY: 'short' })).toThrow(/BERTH_INTERNAL_KEY/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig(internalPortSchema(3101), { PORT: '70000' })).toThrow(/PORT/);
    expect(loadConfig(internalPortSchema(3101), {}).PORT).toBe(3101);
  });

  describe('Kafka security and topic layout', () => {
    const problems = (env: Record<string, string>) => {
      try { loadConfig(baseConfigSchema, { ...KEY, ...env }); return []; } catch (e) { return (e as ConfigError).problems; }
    };

    it('keeps the local defaults: plain connection, 3 partitions, replication factor 1', () => {
      const cfg = loadConfig(baseConfigSchema, { ...KEY, KAFKA_SSL_CA_FILE: '', KAFKA_SASL_MECHANISM: '' });
      expect(cfg).toMatchObject({ KAFKA_SSL: false, BERTH_KAFKA_TOPIC_PARTITIONS: 3, BERTH_KAFKA_REPLICATION_FACTOR: 1 });
      expect(cfg.KAFKA_SSL_CA_FILE).toBeUndefined();
      expect(cfg.KAFKA_SASL_MECHANISM).toBeUndefined();
    });

    it('takes TLS with a CA and SCRAM with credentials', () => {
      const cfg = loadConfig(baseConfigSchema, {
        ...KEY, KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: 'ca.pem', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'berth', KAFKA_SASL_PASSWORD: 'pw',
        BERTH_KAFKA_TOPIC_PARTITIONS: '12', BERTH_KAFKA_REPLICATION_FACTOR: '3',
      });
      expect(cfg).toMatchObject({ KAFKA_SSL: true, KAFKA_SSL_CA_FILE: 'ca.pem', KAFKA_SASL_MECHANISM: 'scram-sha-512', BERTH_KAFKA_TOPIC_PARTITIONS: 12, BERTH_KAFKA_REPLICATION_FACTOR: 3 });
    });

    it('refuses a SASL mechanism without credentials, naming each missing one', () => {
      expect(problems({ KAFKA_SASL_MECHANISM: 'plain' })).toEqual([
        'KAFKA_SASL_USERNAME: is required with KAFKA_SASL_MECHANISM=plain', 'KAFKA_SASL_PASSWORD: is required with KAFKA_SASL_MECHANISM=plain',
      ]);
      expect(problems({ KAFKA_SASL_MECHANISM: 'scram-sha-256', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: '' })).toEqual(['KAFKA_SASL_PASSWORD: is required with KAFKA_SASL_MECHANISM=scram-sha-256']);
    });

    it('refuses credentials without a mechanism, an unknown mechanism, and TLS files without TLS', () => {
      expect(problems({ KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' }).map((p) => p.split(':')[0])).toEqual(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']);
      expect(problems({ KAFKA_SASL_MECHANISM: 'gssapi' }).map((p) => p.split(':')[0])).toEqual(['KAFKA_SASL_MECHANISM']);
      expect(problems({ KAFKA_SSL_CA_FILE: 'ca.pem' })).toEqual(['KAFKA_SSL_CA_FILE: needs KAFKA_SSL=true']);
    });

    it('refuses a client certificate without its key', () => {
      expect(problems({ KAFKA_SSL: 'true', KAFKA_SSL_CERT_FILE: 'client.pem' })).toEqual(['KAFKA_SSL_KEY_FILE: a client certificate needs both KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE']);
    });

    it('refuses a replication factor or partition count below 1', () => {
      expect(problems({ BERTH_KAFKA_REPLICATION_FACTOR: '0', BERTH_KAFKA_TOPIC_PARTITIONS: '0' }).map((p) => p.split(':')[0]).sort()).toEqual(['BERTH_KAFKA_REPLICATION_FACTOR', 'BERTH_KAFKA_TOPIC_PARTITIONS']);
    });
  });
});
