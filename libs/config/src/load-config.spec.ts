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
});
