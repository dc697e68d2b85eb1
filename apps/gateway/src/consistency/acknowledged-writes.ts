import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { decodePositions, encodePositions, mergePositions, Positions } from '@berth/messaging';
import { BASE_CONFIG, PINO, REDIS, UNKNOWN_POSITIONS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';

/** Raises the stored positions to the given ones (a hash of offsets) and tells the other gateways. */
const RECORD = `
for i = 1, #ARGV - 1, 2 do
  local now = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '-1')
  if now < tonumber(ARGV[i + 1]) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('PUBLISH', KEYS[2], ARGV[#ARGV])
`;

/**
 * The positions of every write the platform acknowledged through the gateways (docs/consistency.md):
 * each app's answer to a write names where its messages went; the gateway keeps the highest offset
 * per partition and sends every request on with them, so the app answering it first catches up.
 * Gateways share them through Redis: a hash that a starting gateway reads, and a channel on which
 * each one announces the positions it learned.
 */
@Injectable()
export class AcknowledgedWrites implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly positions: Positions = new Map();
  private text = '';
  private changes = 0;
  private subscriber?: Redis;
  private readonly key: string;
  private readonly channel: string;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) config: GatewayConfig, @Inject(PINO) private readonly logger: Logger) {
    this.key = `${config.BERTH_DB_PREFIX}:acknowledged-positions`;
    this.channel = `${config.BERTH_DB_PREFIX}:acknowledged-positions`;
  }

  /** The positions in the form requests carry them to the apps ('' while there are none). */
  get header(): string {
    return this.text;
  }

  /** A counter that grows whenever the positions rise (a fence checked at one count holds at it). */
  get version(): number {
    return this.changes;
  }

  get all(): Positions {
    return this.positions;
  }

  async onApplicationBootstrap() {
    this.raise(decodePositions(Object.entries(await this.redis.hgetall(this.key)).map(([k, v]) => `${k}=${v}`).join(',')));
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, text: string) => this.raise(decodePositions(text)));
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown() {
    await this.subscriber?.quit().catch(() => undefined);
  }

  /**
   * Takes in what an app's answer says of the write it acknowledged (the `x-berth-positions`
   * header). `unknown` (its messages were not published in time) raises nothing: see docs/consistency.md.
   */
  record(answer: string | string[] | undefined): void {
    if (typeof answer !== 'string' || answer === '' || answer === UNKNOWN_POSITIONS) return;
    const learned = decodePositions(answer);
    if (!this.raise(learned)) return;
    const args = [...learned].flatMap(([k, v]) => [k, String(v)]);
    this.redis.eval(RECORD, 2, this.key, this.channel, ...args, encodePositions(learned)).catch((err: unknown) => {
      this.logger.warn({ err }, 'could not share acknowledged positions with the other gateways');
    });
  }

  private raise(learned: Positions): boolean {
    if (!mergePositions(this.positions, learned)) return false;
    this.text = encodePositions(this.positions);
    this.changes++;
    return true;
  }
}
