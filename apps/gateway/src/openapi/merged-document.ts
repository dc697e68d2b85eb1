import type { Json } from '@berth/openapi';

/**
 * The merged OpenAPI document, as served: built from freshly read parts at most once per `ttlMs`
 * (so an upstream restarted with other routes shows within the TTL); concurrent requests share one
 * build. A failed read is not cached: the caller gets its error (the 503) and the next request retries.
 */
export class MergedDocument {
  private cached?: { body: string; at: number };
  private building?: Promise<string>;

  constructor(
    private readonly read: () => Promise<Json[]>,
    private readonly merge: (parts: Json[]) => Json,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async body(): Promise<string> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.body;
    this.building ??= this.build().finally(() => { this.building = undefined; });
    return this.building;
  }

  private async build(): Promise<string> {
    const body = JSON.stringify(this.merge(await this.read()));
    this.cached = { body, at: this.now() };
    return body;
  }
}
