import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import pino from 'pino';
import { AcknowledgedWrites } from '../src/consistency/acknowledged-writes';
import type { GatewayConfig } from '../src/config/gateway.env';
import type { Upstreams } from '../src/proxy/upstreams';

/** Two gateways' positions shared through the real Redis (docs/consistency.md, "Gateway replicas agree"). */
describe('AcknowledgedWrites across gateways (Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  /** The gateways of one test share a prefix: Redis keys and channels no other test's gateways use. */
  const configOf = (): GatewayConfig => ({ BERTH_DB_PREFIX: `aw${randomBytes(4).toString('hex')}`, BERTH_INTERNAL_KEY: randomBytes(32).toString('hex') }) as GatewayConfig;
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
  const started: AcknowledgedWrites[] = [];
  const connections: Redis[] = [];

  /** A gateway's positions, started as the gateway starts them; the app asking is not used here. */
  async function gateway(config: GatewayConfig): Promise<AcknowledgedWrites> {
    const connection = redis.duplicate();
    connections.push(connection);
    const writes = new AcknowledgedWrites(connection, config, logger, undefined as unknown as Upstreams);
    await writes.onApplicationBootstrap();
    started.push(writes);
    return writes;
  }

  /** Lets every started gateway learn which others are alive now, as its next heartbeat would. */
  async function heartbeat(): Promise<void> {
    for (const writes of started) await (writes as unknown as { beat(): Promise<void> }).beat();
  }

  afterAll(async () => {
    for (const writes of started) await writes.onApplicationShutdown();
    for (const connection of [...connections, redis]) await connection.quit();
  });

  it('answers a write whose positions an earlier answer raised only once the other gateway holds them', async () => {
    const config = configOf();
    const [a, b] = [await gateway(config), await gateway(config)];
    await heartbeat();
    const later = a.record('topic.one/0=10');
    const covered = a.record('topic.one/0=9');
    expect(covered).toBeDefined();
    await covered;
    expect(b.all.get('topic.one/0')).toBe(10);
    await later;
  });

  it('counts a gateway that just started before its next heartbeat', async () => {
    const config = configOf();
    const [a, b] = [await gateway(config), await gateway(config)];
    const shared = a.record('topic.four/0=3');
    expect(shared).toBeDefined();
    await shared;
    expect(b.all.get('topic.four/0')).toBe(3);
  });

  it('gives a starting gateway the positions shared before it started', async () => {
    const config = configOf();
    const a = await gateway(config);
    await a.record('topic.two/1=5');
    expect((await gateway(config)).all.get('topic.two/1')).toBe(5);
  });

  it('answers a write after a bounded wait when a live gateway does not confirm', async () => {
    const config = configOf();
    const a = await gateway(config);
    await redis.zadd(`${config.BERTH_DB_PREFIX}:gateways`, Date.now(), 'silent-gateway');
    await heartbeat();
    const before = Date.now();
    await a.record('topic.three/2=7');
    expect(Date.now() - before).toBeGreaterThanOrEqual(450);
    expect(warnings.some((line) => line.includes('silent-gateway'))).toBe(true);
  });
});
