import { request } from 'undici';
import { Principal, PRINCIPAL_HEADER, RoleSets, signPrincipal } from '@berth/auth';

/** A platform user's credentials, as the ApplicationUser resource carries them. */
export interface PlatformUser { tenant: string; name: string; password: string }

/** A user that does not exist yet (its creation travels through Kafka): worth retrying. */
export class UserNotReadyError extends Error {}

/**
 * Reads the credentials a microservice's containers get, over internal HTTP as signed
 * principals: the bootstrap user from the registry (`…/bootstrapUser`, as the owner tenant's
 * orchestrator), and the per-tenant service users from the subscription app
 * (`/application/currentApplication/subscriptions`, as the application's bootstrap user, which is what the microservice itself would ask as).
 */
export class PlatformUsers {
  constructor(private readonly registryUrl: string, private readonly subscriptionUrl: string, private readonly internalKey: string) {}

  /** @throws UserNotReadyError when the registry has no bootstrap user for the application yet. */
  async bootstrapUser(applicationId: string, ownerTenant: string): Promise<PlatformUser> {
    const principal: Principal = { tenant: ownerTenant, user: 'microservice-orchestrator', roles: [...RoleSets.applicationAdmin], kind: 'internal' };
    const user = await this.get(`${this.registryUrl}/application/applications/${encodeURIComponent(applicationId)}/bootstrapUser`, principal);
    return { tenant: user.tenant, name: user.name, password: user.password };
  }

  /** @throws UserNotReadyError when `tenant`'s service user of the application does not exist yet. */
  async serviceUser(applicationName: string, ownerTenant: string, tenant: string): Promise<PlatformUser> {
    const principal: Principal = { tenant: ownerTenant, user: `servicebootstrap_${applicationName}`, roles: [], kind: 'bootstrap' };
    const body = await this.get(`${this.subscriptionUrl}/application/currentApplication/subscriptions`, principal);
    const user = (body.users as PlatformUser[] | undefined)?.find((u) => u.tenant === tenant);
    if (!user) throw new UserNotReadyError(`the service user of ${applicationName} in tenant ${tenant} does not exist yet`);
    return user;
  }

  private async get(url: string, principal: Principal): Promise<any> {
    const res = await request(url.replace(/([^:])\/\//g, '$1/'), {
      headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, this.internalKey), accept: 'application/json' }, headersTimeout: 10_000, bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    if (res.statusCode === 404) throw new UserNotReadyError(`${new URL(url).pathname} answered 404: ${text.slice(0, 200)}`);
    if (res.statusCode !== 200) throw new Error(`${new URL(url).pathname} answered ${res.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }
}
