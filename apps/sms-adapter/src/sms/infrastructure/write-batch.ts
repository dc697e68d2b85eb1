const MAX_BATCH = 500;

interface Waiting<T> { doc: T; resolve: () => void; reject: (err: unknown) => void }

/**
 * Gathers the writes (documents to insert, or bulk-write operations) made while one batch is
 * under way and sends them as the next one (unordered), so a store that commits each command
 * separately takes many per commit. Each caller learns its own outcome: a write refused (e.g. a
 * duplicate key, code 11000) rejects with that error, the others of the batch are unaffected;
 * when the store does not say which write failed, each is sent again on its own.
 */
export class WriteBatch<T> {
  private waiting: Waiting<T>[] = [];
  private running = false;

  constructor(private readonly send: (items: T[]) => Promise<unknown>) {}

  write(doc: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      if (!this.running) void this.flush();
    });
  }

  private async flush() {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        await this.send(batch.map((w) => w.doc));
        for (const w of batch) w.resolve();
      } catch (err) {
        const failed = new Map<number, unknown>();
        for (const e of (err as { writeErrors?: Array<{ index: number; code?: number; errmsg?: string }> }).writeErrors ?? []) {
          failed.set(e.index, Object.assign(new Error(e.errmsg ?? 'write failed'), { code: e.code }));
        }
        if (failed.size > 0) batch.forEach((w, i) => (failed.has(i) ? w.reject(failed.get(i)) : w.resolve()));
        else if (batch.length === 1) batch[0].reject(err);
        else await Promise.all(batch.map((w) => this.send([w.doc]).then(w.resolve, w.reject)));
      }
    }
    this.running = false;
  }
}
