import type { Credentials } from './credentials';
import { MicroserviceSubscriptionAddedEvent, MicroserviceSubscriptionRemovedEvent, type SubscriptionListener } from './events';
import type { PlatformClient } from './platform-client';

const USER_COLLECTION = 'application/vnd.com.nsn.cumulocity.applicationUserCollection+json';

/** Reports what the watcher could not do (a failed fetch, a listener that threw); the watcher carries on. */
export type ProblemReporter = (message: string, err?: unknown) => void;

/**
 * Polls `GET /application/currentApplication/subscriptions` as the bootstrap user: first after
 * `initialDelayMs`, then `delayMs` after each fetch ends. Every tenant new to the list fires
 * `MicroserviceSubscriptionAddedEvent` (so at start, every subscribed tenant), every tenant gone
 * from it `MicroserviceSubscriptionRemovedEvent`. Listeners run one after another, in order.
 * It is `loaded` once a fetch and its listeners are done; a later failed fetch keeps what it knows.
 */
export class SubscriptionWatcher {
  private readonly known = new Map<string, Credentials>();
  private readonly added: Array<SubscriptionListener<MicroserviceSubscriptionAddedEvent>> = [];
  private readonly removed: Array<SubscriptionListener<MicroserviceSubscriptionRemovedEvent>> = [];
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private fetched = false;
  private problem?: string;

  constructor(private readonly bootstrap: () => PlatformClient, private readonly report: ProblemReporter = () => undefined) {}

  onAdded(listener: SubscriptionListener<MicroserviceSubscriptionAddedEvent>): void { this.added.push(listener); }
  onRemoved(listener: SubscriptionListener<MicroserviceSubscriptionRemovedEvent>): void { this.removed.push(listener); }

  /** The subscribed tenants and their service users, as of the last fetch. */
  current(): ReadonlyMap<string, Credentials> { return this.known; }

  /** Whether a fetch succeeded (its listeners done); until then, why not: the last fetch's error, or none made yet. */
  loaded(): { loaded: true } | { loaded: false; reason: string } {
    return this.fetched ? { loaded: true } : { loaded: false, reason: this.problem ?? 'subscriptions not fetched yet' };
  }

  start(initialDelayMs: number, delayMs: number): void {
    this.stopped = false;
    const loop = async () => {
      await this.refresh().catch((err) => {
        this.problem = `subscription fetch failed: ${(err as Error).message ?? err}`;
        this.report('subscription fetch failed', err);
      });
      if (!this.stopped) this.timer = setTimeout(loop, delayMs);
    };
    this.timer = setTimeout(loop, initialDelayMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One fetch and the events it implies. @throws Error when the platform refuses or cannot be reached. */
  async refresh(): Promise<void> {
    const res = await this.bootstrap().get('/application/currentApplication/subscriptions?pageSize=2000', { accept: USER_COLLECTION });
    if (res.status !== 200 || !Array.isArray(res.body?.users)) throw new Error(`currentApplication/subscriptions answered ${res.status}`);
    const seen = new Map<string, Credentials>(res.body.users.map((u: any) => [String(u.tenant), { tenant: String(u.tenant), user: String(u.name), password: String(u.password) }]));
    for (const tenant of [...this.known.keys()].filter((t) => !seen.has(t))) {
      this.known.delete(tenant);
      await this.emit(this.removed, new MicroserviceSubscriptionRemovedEvent(tenant));
    }
    for (const [tenant, credentials] of seen) {
      const fresh = !this.known.has(tenant);
      this.known.set(tenant, credentials);
      if (fresh) await this.emit(this.added, new MicroserviceSubscriptionAddedEvent(tenant, credentials));
    }
    this.fetched = true;
    this.problem = undefined;
  }

  private async emit<E>(listeners: Array<SubscriptionListener<E>>, event: E): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (err) {
        this.report(`${(event as { type: string }).type} listener failed`, err);
      }
    }
  }
}
