/** One option as tenant-options answered: its value, absent (404), or the read failed. */
export type OptionRead = { value: unknown } | 'absent' | 'failed';
/** Reads one option of a tenant. Must not throw: failures are `'failed'`. */
export type OptionReader = (tenant: string, category: string, key: string) => Promise<OptionRead>;

/** Which options a view reads, and what it makes of them (values of absent keys are missing). */
export interface OptionViewShape<T> {
  category: string;
  keys: readonly string[];
  build: (values: Readonly<Record<string, unknown>>) => T;
}

export interface TenantOptionViewOptions {
  /** How long a loaded view is used before it is read again, should an OptionChanged event be missed. */
  ttlMs: number;
  /** When a read failed, the view is built from what was read and read again after this long. */
  retryMs: number;
  /** Most tenants kept; the oldest entry goes first. */
  maxEntries: number;
  onFailure?: (tenant: string) => void;
}

interface Entry<T> { view: T; expires: number }

/**
 * What the gateway keeps of some of each tenant's options (rate limits, CORS origins), in process
 * memory. A tenant's first request waits for its options to be read (concurrent requests share one
 * read); later ones get the view synchronously. An expired view keeps applying while it is read
 * again in the background. `drop` (on an OptionChanged event) forgets a tenant at once, including
 * a read in flight, so its next request reads the options afresh.
 */
export class TenantOptionView<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly shape: OptionViewShape<T>, private readonly read: OptionReader,
    private readonly options: TenantOptionViewOptions, private readonly clock: () => number = Date.now,
  ) {}

  get(tenant: string): T | Promise<T> {
    const entry = this.entries.get(tenant);
    if (entry && entry.expires > this.clock()) return entry.view;
    const pending = this.loading.get(tenant) ?? this.load(tenant);
    return entry ? entry.view : pending;
  }

  drop(tenant: string): void {
    this.entries.delete(tenant);
    this.loading.delete(tenant);
  }

  private load(tenant: string): Promise<T> {
    const { category, keys, build } = this.shape;
    const pending: Promise<T> = Promise.all(keys.map((key) => this.read(tenant, category, key))).then((answers) => {
      const failed = answers.includes('failed');
      if (failed) this.options.onFailure?.(tenant);
      const values: Record<string, unknown> = {};
      answers.forEach((answer, i) => { if (typeof answer === 'object') values[keys[i]] = answer.value; });
      const view = build(values);
      if (this.loading.get(tenant) === pending) {
        this.loading.delete(tenant);
        this.remember(tenant, { view, expires: this.clock() + (failed ? this.options.retryMs : this.options.ttlMs) });
      }
      return view;
    });
    this.loading.set(tenant, pending);
    return pending;
  }

  private remember(tenant: string, entry: Entry<T>) {
    this.entries.delete(tenant);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tenant, entry);
  }
}
