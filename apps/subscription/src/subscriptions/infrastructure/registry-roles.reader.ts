import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { stringList } from '@berth/contracts';
import { DomainError, serviceUnavailable } from '@berth/http';
import { Pool } from '@berth/runtime';
import { SUBSCRIPTION_CONFIG } from '../../config/subscription-config.token';
import type { SubscriptionConfig } from '../../config/subscription.env';

const TIMEOUT_MS = 2000;

/** A microservice's roles as the registry holds them now. */
export interface CurrentRoles { requiredRoles: string[]; roles: string[] }

/**
 * Reads a microservice's current roles from their owner, the registry, over internal HTTP
 * (`GET /internal/applications/{id}/roles`): what a subscribing tenant accepts must be the roles
 * as they are when it subscribes, not what the catalogue projection has caught up with (an upload
 * activated just before the subscription may not be in it yet).
 */
@Injectable()
export class RegistryRolesReader implements OnModuleDestroy {
  private readonly pool: Pool;
  private readonly principal: Principal = { tenant: '-', user: 'subscription', roles: [], kind: 'internal' };

  constructor(@Inject(SUBSCRIPTION_CONFIG) private readonly config: SubscriptionConfig) {
    this.pool = new Pool(config.APPLICATION_REGISTRY_URL, { connections: 4 });
  }

  /**
   * @throws DomainError 404 `applications/Not Found` when the registry has no such application;
   *   503 `applications/Service Unavailable` when it does not answer with the roles within 2 s.
   */
  async of(applicationId: string): Promise<CurrentRoles> {
    const unavailable = (why: string) => serviceUnavailable(`The application's roles could not be read from the registry (${why}); try again`, 1, 'applications');
    let status: number;
    let body: { requiredRoles?: unknown; roles?: unknown } | undefined;
    try {
      const res = await this.pool.request({
        method: 'GET', path: `/internal/applications/${encodeURIComponent(applicationId)}/roles`,
        headers: { accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(this.principal, this.config.BERTH_INTERNAL_KEY) },
        headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
      });
      status = res.statusCode;
      body = await res.body.json().catch(() => undefined) as typeof body;
    } catch (err) {
      throw unavailable((err as Error).message);
    }
    if (status === 404) throw new DomainError('applications', 'Not Found', `Application ${applicationId} does not exist`);
    const requiredRoles = stringList(body?.requiredRoles);
    const roles = stringList(body?.roles);
    if (status !== 200 || !requiredRoles || !roles) throw unavailable(`status ${status}`);
    return { requiredRoles, roles };
  }

  async onModuleDestroy() {
    await this.pool.close();
  }
}
