import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PRINCIPAL_HEADER, settingsReader, signPrincipal } from '@berth/auth';
import { serviceUnavailable } from '@berth/http';
import { Pool } from '@berth/runtime';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import type { RegistryConfig } from '../../config/application-registry.env';

const TIMEOUT_MS = 2000;

/**
 * Reads a tenant's options of one category from tenant-options over internal HTTP
 * (`GET /tenant/options/<category>`, the flat key → value map), as the settings reader of that
 * category (`settingsReader` of libs/auth), so its `credentials.` keys come decrypted. A read,
 * which one app may ask of another: apps never write each other's data (docs/architecture.md).
 */
@Injectable()
export class SettingsOptionReader implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig) {
    this.pool = new Pool(config.TENANT_OPTIONS_URL, { connections: 4 });
  }

  /**
   * The category's options; `{}` when tenant-options refuses the category's name (422).
   * @throws DomainError 503 `applications/Service Unavailable` when tenant-options does not answer with them within 2 s.
   */
  async read(tenant: string, category: string): Promise<Record<string, string>> {
    const unavailable = (why: string) => serviceUnavailable(`The settings could not be read from the tenant options (${why}); try again`, 1, 'applications');
    let status: number;
    let body: unknown;
    try {
      const res = await this.pool.request({
        method: 'GET', path: `/tenant/options/${encodeURIComponent(category)}`,
        headers: { accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(settingsReader(tenant, category), this.config.BERTH_INTERNAL_KEY) },
        headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
      });
      status = res.statusCode;
      body = await res.body.json().catch(() => undefined);
    } catch (err) {
      throw unavailable((err as Error).message);
    }
    if (status === 422) return {};
    if (status !== 200 || typeof body !== 'object' || body === null || Array.isArray(body)) throw unavailable(`status ${status}`);
    return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  async onModuleDestroy() {
    await this.pool.close();
  }
}
