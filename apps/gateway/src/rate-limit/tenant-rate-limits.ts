import { limitsFrom, RATE_LIMIT_KEYS, RateLimitKey } from './rate-limit-options';
import type { RateLimits } from './token-bucket';

/** One option as tenant-options answered: its value, absent (404), or the read failed. */
export type OptionRead = { value: unknown } | 'absent' | 'failed';
/** Reads one option of category `rate.limit` for a tenant. Must not throw: failures are `'failed'`. */
export type RateLimitOptionReader = (tenant: string, key: RateLimitKey) => Promise<OptionRead>;

export interface TenantRateLimitsOptions {
  /** How long loaded limits are used before they are read again, should an OptionChanged event be missed. */
  ttlMs: number;
  /** When a read failed, the default applies and the options are read again after this long. */
  retryMs: number;
  /** Most tenants kept; the oldest entry goes first. */
  maxEntries: number;
  onFailure?: (tenant: string) => void;
}

interface Entry { limits: RateLimits; expires: number }

/**
 * Each tenant's limits, in process memory: the platform default, overridden field by field by
 * the tenant's options. A tenant's first request waits for its options to be read (concurrent
 * requests share one read); later ones get the limits synchronously. Expired limits keep applying
 * while they are read again in the background. `drop` (on an OptionChanged event) forgets a
 * tenant at once, including a read in flight, so its next request reads the options afresh.
 */
export class TenantRateLimits {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<RateLimits>>();

  constructor(
    readonly defaults: RateLimits, private readonly read: RateLimitOptionReader,
    private readonly options: TenantRateLimitsOptions, private readonly clock: () => number = Date.now,
  ) {}

  get(tenant: string): RateLimits | Promise<RateLimits> {
    const entry = this.entries.get(tenant);
    if (entry && entry.expires > this.clock()) return entry.limits;
    const pending = this.loading.get(tenant) ?? this.load(tenant);
    return entry ? entry.limits : pending;
  }

  drop(tenant: string): void {
    this.entries.delete(tenant);
    this.loading.delete(tenant);
  }

  private load(tenant: string): Promise<RateLimits> {
    const keys = Object.keys(RATE_LIMIT_KEYS) as RateLimitKey[];
    const pending: Promise<RateLimits> = Promise.all(keys.map((key) => this.read(tenant, key))).then((answers) => {
      const failed = answers.includes('failed');
      if (failed) this.options.onFailure?.(tenant);
      const values: Partial<Record<RateLimitKey, unknown>> = {};
      answers.forEach((answer, i) => { if (typeof answer === 'object') values[keys[i]] = answer.value; });
      const limits = limitsFrom(this.defaults, values);
      if (this.loading.get(tenant) === pending) {
        this.loading.delete(tenant);
        this.remember(tenant, { limits, expires: this.clock() + (failed ? this.options.retryMs : this.options.ttlMs) });
      }
      return limits;
    });
    this.loading.set(tenant, pending);
    return pending;
  }

  private remember(tenant: string, entry: Entry) {
    this.entries.delete(tenant);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tenant, entry);
  }
}
