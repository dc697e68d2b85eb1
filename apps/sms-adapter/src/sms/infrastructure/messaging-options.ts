import { Injectable } from '@nestjs/common';
import { TenantOptionsClient } from './tenant-options.client';

const TTL_MS = 5 * 60_000;

/** The tenant's messaging options, cached per tenant until an OptionChanged of category `messaging` (or 5 minutes). */
@Injectable()
export class MessagingOptions {
  private readonly cache = new Map<string, { at: number; values: Promise<Record<string, string>> }>();
  private readonly listeners: Array<(tenant: string) => void> = [];

  constructor(private readonly client: TenantOptionsClient) {}

  get(tenant: string): Promise<Record<string, string>> {
    const hit = this.cache.get(tenant);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.values;
    const values = this.client.read(tenant);
    this.cache.set(tenant, { at: Date.now(), values });
    values.catch(() => this.cache.delete(tenant));
    return values;
  }

  /** Forgets the tenant's options and tells the listeners (the provider registry reconnects). */
  changed(tenant: string): void {
    this.cache.delete(tenant);
    for (const listener of this.listeners) listener(tenant);
  }

  onChange(listener: (tenant: string) => void): void {
    this.listeners.push(listener);
  }
}
