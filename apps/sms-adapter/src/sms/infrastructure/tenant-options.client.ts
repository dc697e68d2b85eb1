import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Principal, PRINCIPAL_HEADER, settingsReader, signPrincipal } from '@berth/auth';
import { MESSAGING_CATEGORY } from '@berth/contracts';
import { DomainError, ERROR_STATUS, ErrorKind, serviceUnavailable } from '@berth/http';
import { Pool } from '@berth/runtime';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { SMS_RESOURCE } from '../domain/sms-errors';

const TIMEOUT_MS = 10_000;

/**
 * The tenant's `messaging` options in tenant-options, over internal HTTP. Reads as the
 * category's settings reader (secrets decrypted); writes as the caller, so tenant-options'
 * role and validation rules apply to them and its error resources come back unchanged.
 */
@Injectable()
export class TenantOptionsClient implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig) {
    this.pool = new Pool(config.TENANT_OPTIONS_URL, { connections: 8 });
  }

  /** The tenant's messaging options, secrets in clear. @throws DomainError 503 when tenant-options does not answer. */
  async read(tenant: string): Promise<Record<string, string>> {
    const { status, body } = await this.call('GET', `/tenant/options/${MESSAGING_CATEGORY}`, settingsReader(tenant, MESSAGING_CATEGORY));
    if (status === 404 || status === 422) return {};
    if (status !== 200 || typeof body !== 'object' || body === null || Array.isArray(body)) throw unavailable(`status ${status}`);
    return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  /** Sets several messaging options at once, as `caller`. */
  async write(caller: Principal, values: Record<string, string>): Promise<void> {
    const { status, body } = await this.call('PUT', `/tenant/options/${MESSAGING_CATEGORY}`, caller, values);
    if (status !== 200) throw passOn(status, body);
  }

  /** Deletes one messaging option, as `caller`; an option that is not there is fine. */
  async remove(caller: Principal, key: string): Promise<void> {
    const { status, body } = await this.call('DELETE', `/tenant/options/${MESSAGING_CATEGORY}/${encodeURIComponent(key)}`, caller);
    if (status !== 204 && status !== 404) throw passOn(status, body);
  }

  private async call(method: 'GET' | 'PUT' | 'DELETE', path: string, principal: Principal, json?: unknown) {
    try {
      const res = await this.pool.request({
        method, path,
        headers: {
          accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal, this.config.BERTH_INTERNAL_KEY),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
        headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
      });
      return { status: res.statusCode, body: await res.body.json().catch(() => undefined) as unknown };
    } catch (err) {
      throw unavailable((err as Error).message);
    }
  }

  async onModuleDestroy() {
    await this.pool.close();
  }
}

function unavailable(why: string) {
  return serviceUnavailable(`The messaging options could not be reached (${why}); try again`, 1, SMS_RESOURCE);
}

/** tenant-options' refusal, as its own error resource says it. */
function passOn(status: number, body: unknown): DomainError {
  const { error, message } = (body ?? {}) as { error?: string; message?: string };
  const [resource, kind] = typeof error === 'string' && error.includes('/') ? [error.slice(0, error.indexOf('/')), error.slice(error.indexOf('/') + 1)] : [];
  if (resource && kind && kind in ERROR_STATUS && ERROR_STATUS[kind as ErrorKind] === status) return new DomainError(resource, kind as ErrorKind, message ?? kind);
  return unavailable(`status ${status}`);
}
