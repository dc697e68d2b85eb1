import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { GATEWAY_PRINCIPAL } from '../auth/authenticator';
import { serviceUnavailable } from '@berth/http';
import { decodePositions, encodePositions, mergePositions, Positions } from '@berth/messaging';
import { BASE_CONFIG, PINO, PUBLISHED_PATH, REDIS, UNKNOWN_POSITIONS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { Upstreams } from '../proxy/upstreams';
import type { UpstreamApp } from '../routing/route-table';

/** How long an app that said its messages are not out yet is not asked again (requests meanwhile get 503). */
const ASK_AGAIN_MS = 250;
const ASK_TIMEOUT_MS = 1000;
/** How often a gateway says it is alive, and how long after its last word it no longer counts. */
const HEARTBEAT_MS = 1000;
const ALIVE_MS = 3500;
/** How long a write's answer waits for the other gateways to confirm they hold its positions. */
const CONFIRM_WAIT_MS = 500;

/** Raises the stored positions to the given ones (a hash of offsets) and tells the other gateways (the last argument: `<gateway> <seq> <positions>`). */
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
 * each one announces the positions it learned; a write is answered once every other live gateway has
 * confirmed it holds them (each says every second that it is alive), so the client's next request
 * finds them whichever replica it reaches. An app that could not publish a write's messages in
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
  private readonly id = randomUUID();
  private readonly gatewaysKey: string;
  private peers: string[] = [];
  private heartbeat?: NodeJS.Timeout;
  private announced = 0;
  /** Announcements waiting for the other gateways' confirmation, by their number. */
  private readonly confirming = new Map<number, { missing: Set<string>; done: () => void }>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) private readonly config: GatewayConfig, @Inject(PINO) private readonly logger: Logger,
    private readonly upstreams: Upstreams,
  ) {
    this.key = `${config.BERTH_DB_PREFIX}:acknowledged-positions`;
    this.channel = `${config.BERTH_DB_PREFIX}:acknowledged-positions`;
    this.gatewaysKey = `${config.BERTH_DB_PREFIX}:gateways`;
  }

  private confirmations(gateway: string): string {
    return `${this.channel}:confirmed:${gateway}`;
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
    // Listening first, then reading what is stored: a write shared in between is in one or the other.
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (channel: string, text: string) => (channel === this.channel ? this.announcement(text) : this.confirmation(text)));
    await this.subscriber.subscribe(this.channel, this.confirmations(this.id));
    this.raise(decodePositions(Object.entries(await this.redis.hgetall(this.key)).map(([k, v]) => `${k}=${v}`).join(',')));
    await this.beat();
    // Said before serving, so that every live gateway waits for this one from its first request on,
    // not only from its next heartbeat: an announcement makes its sender a peer at once.
    await this.share(new Map());
    this.heartbeat = setInterval(() => void this.beat().catch((err: unknown) => this.logger.warn({ err }, 'could not tell the other gateways this one is alive')), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.heartbeat);
    await this.redis.zrem(this.gatewaysKey, this.id).catch(() => undefined);
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** Says this gateway is alive, and learns which others are. */
  private async beat(): Promise<void> {
    const now = Date.now();
    const [, , alive] = (await this.redis.multi().zadd(this.gatewaysKey, now, this.id).zremrangebyscore(this.gatewaysKey, 0, now - ALIVE_MS * 10)
      .zrangebyscore(this.gatewaysKey, now - ALIVE_MS, '+inf').exec()) ?? [];
    const ids = Array.isArray(alive?.[1]) ? alive[1] as string[] : [];
    this.peers = ids.filter((id) => id !== this.id);
  }

  /** Another gateway's positions (none when it starts): taken in, then confirmed to it; it counts as alive from then on. */
  private announcement(text: string): void {
    const [from, seq, positions] = text.split(' ');
    if (from === this.id || !seq) return;
    if (!this.peers.includes(from)) this.peers = [...this.peers, from];
    this.raise(decodePositions(positions));
    this.redis.publish(this.confirmations(from), `${this.id} ${seq}`).catch(() => undefined);
  }

  private confirmation(text: string): void {
    const [from, seq] = text.split(' ');
    const waiting = this.confirming.get(Number(seq));
    if (!waiting) return;
    waiting.missing.delete(from);
    if (waiting.missing.size === 0) waiting.done();
  }

  /**
   * Takes in what an app's answer says of the write it acknowledged (the `x-berth-positions`
   * header). `unknown` (its messages were not published in time) raises nothing: see docs/consistency.md.
   */
  record(answer: string | string[] | undefined, app?: UpstreamApp): Promise<void> | undefined {
    if (typeof answer !== 'string' || answer === '') return undefined;
    if (answer === UNKNOWN_POSITIONS) {
      if (app) this.unsettled.set(app, Date.now());
      return undefined;
    }
    const learned = decodePositions(answer);
    // Positions that an earlier answer raised already may still be on their way to the other
    // gateways: a write they cover is announced all the same, and waits for its own confirmations.
    if (!this.raise(learned) && this.peers.length === 0) return undefined;
    return this.share(learned);
  }

  /** Stores and announces positions; resolves once every other live gateway confirmed them (or CONFIRM_WAIT_MS passed). */
  private share(learned: Positions): Promise<void> | undefined {
    const seq = ++this.announced;
    const args = [...learned].flatMap(([k, v]) => [k, String(v)]);
    const peers = this.peers;
    let confirmed: Promise<void> | undefined;
    if (peers.length > 0) {
      confirmed = new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.confirming.delete(seq);
          resolve();
        };
        // Timers run before I/O: after a stall of this process, a confirmation that arrived meanwhile
        // is read first (setImmediate runs after the I/O phase), so only a peer's silence counts.
        const timer = setTimeout(() => setImmediate(() => {
          const missing = this.confirming.get(seq)?.missing;
          if (!missing) return;
          this.logger.warn({ missing: [...missing] }, 'gateways did not confirm a write\'s positions in time');
          done();
        }), CONFIRM_WAIT_MS);
        this.confirming.set(seq, { missing: new Set(peers), done });
      });
    }
    const stored = this.redis.eval(RECORD, 2, this.key, this.channel, ...args, `${this.id} ${seq} ${encodePositions(learned)}`).catch((err: unknown) => {
      this.logger.warn({ err }, 'could not share acknowledged positions with the other gateways');
      this.confirming.get(seq)?.done();
    });
    return confirmed ?? (void stored, undefined);
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
    const principal = signPrincipal(GATEWAY_PRINCIPAL, this.config.BERTH_INTERNAL_KEY);
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
