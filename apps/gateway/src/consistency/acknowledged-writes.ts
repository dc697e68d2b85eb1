import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { serviceUnavailable } from '@berth/http';
import { decodePositions, encodePositions, mergePositions, Positions } from '@berth/messaging';
import { BASE_CONFIG, PINO, PUBLISHED_PATH, REDIS, UNKNOWN_POSITIONS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { Upstreams } from '../proxy/upstreams';
import type { UpstreamApp } from '../routing/route-table';

/** How long an app that said its messages are not out yet is not asked again (requests meanwhile get 503). */
const ASK_AGAIN_MS = 250;
const ASK_TIMEOUT_MS = 1000;

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
 * each one announces the positions it learned. An app that could not publish a write's messages in
 * time (Kafka away) answers `unknown`: until that app says they are out, and where, every request
 * gets 503 rather than a view that may miss the write ("When Kafka is away").
 */
@Injectable()
export class AcknowledgedWrites implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly positions: Positions = new Map();
  private text = '';
  private changes = 0;
  private subscriber?: Redis;
  private readonly key: string;
  private readonly channel: string;
  /** Apps that answered a write with `unknown` positions, and when they last did. */
  private readonly unsettled = new Map<UpstreamApp, number>();
  private asking?: Promise<void>;
  private askedAt = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) private readonly config: GatewayConfig, @Inject(PINO) private readonly logger: Logger,
    private readonly upstreams: Upstreams,
  ) {
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
  record(answer: string | string[] | undefined, app?: UpstreamApp): void {
    if (typeof answer !== 'string' || answer === '') return;
    if (answer === UNKNOWN_POSITIONS) {
      if (app) this.unsettled.set(app, Date.now());
      return;
    }
    const learned = decodePositions(answer);
    if (!this.raise(learned)) return;
    const args = [...learned].flatMap(([k, v]) => [k, String(v)]);
    this.redis.eval(RECORD, 2, this.key, this.channel, ...args, encodePositions(learned)).catch((err: unknown) => {
      this.logger.warn({ err }, 'could not share acknowledged positions with the other gateways');
    });
  }

  /** Whether every acknowledged write's positions are known. */
  get settled(): boolean {
    return this.unsettled.size === 0;
  }

  /**
   * Asks each app that answered `unknown` whether those messages are out now, and takes in their
   * positions. @throws 503 with `Retry-After` while one is not.
   */
  async settle(): Promise<void> {
    if (this.unsettled.size > 0 && !this.asking && Date.now() - this.askedAt >= ASK_AGAIN_MS) {
      this.asking = this.ask().finally(() => {
        this.asking = undefined;
        this.askedAt = Date.now();
      });
    }
    if (this.asking) await this.asking;
    if (this.unsettled.size > 0) throw serviceUnavailable('A change acknowledged earlier has not reached every part of the platform yet; retry later', 1);
  }

  private async ask(): Promise<void> {
    const principal = signPrincipal({ tenant: this.config.BERTH_MANAGEMENT_TENANT, user: 'gateway', roles: [], kind: 'internal' }, this.config.BERTH_INTERNAL_KEY);
    await Promise.all([...this.unsettled].map(async ([app, reportedBy]) => {
      try {
        const res = await this.upstreams.pool(app).request({
          method: 'GET', path: `${PUBLISHED_PATH}?reportedBy=${reportedBy}`, headers: { accept: 'application/json', [PRINCIPAL_HEADER]: principal },
          headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS,
        });
        const body = await res.body.json().catch(() => undefined) as { positions?: unknown } | undefined;
        if (res.statusCode !== 200 || typeof body?.positions !== 'string') return;
        this.record(body.positions);
        if (this.unsettled.get(app) === reportedBy) this.unsettled.delete(app);
      } catch {
        // still unsettled: asked again after ASK_AGAIN_MS
      }
    }));
  }

  private raise(learned: Positions): boolean {
    if (!mergePositions(this.positions, learned)) return false;
    this.text = encodePositions(this.positions);
    this.changes++;
    return true;
  }
}
