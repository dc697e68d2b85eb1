import { request } from 'undici';
import { Principal, PRINCIPAL_HEADER, RoleSets, signPrincipal } from '@berth/auth';

/** What asking the registry to activate a version again came to. */
export type ActivationOutcome =
  | { kind: 'activated' }
  /** Another version than the failed one is active by now (its activation decides what runs): nothing done. */
  | { kind: 'superseded' }
  /** The registry cannot activate it (the version is gone, or holds another binary now): asking again will not help. */
  | { kind: 'refused'; reason: string };

/**
 * Sets an application's active version back after a failed update (docs/hosting.md#updates-without-downtime),
 * over the registry's own REST resources as an internal principal of the owner tenant: only while
 * the failed binary is still the active one, and only when the version still holds the binary that served.
 */
export class RegistryVersions {
  constructor(private readonly registryUrl: string, private readonly internalKey: string) {}

  /** @throws Error when the registry cannot be reached or fails (worth retrying). */
  async activateAgain(applicationId: string, ownerTenant: string, version: string, binaryId: string, failedBinaryId: string): Promise<ActivationOutcome> {
    const principal: Principal = { tenant: ownerTenant, user: 'microservice-orchestrator', roles: [...RoleSets.applicationAdmin], kind: 'internal' };
    const base = `/application/applications/${encodeURIComponent(applicationId)}`;
    const app = await this.call('GET', base, principal);
    if (app.status === 404) return { kind: 'refused', reason: `the registry has no application ${applicationId}` };
    if (app.body?.activeVersionId !== failedBinaryId) return { kind: 'superseded' };
    const held = (app.body?.applicationVersions as Array<{ version: string; binaryId: string }> | undefined)?.find((v) => v.version === version);
    if (held?.binaryId !== binaryId) return { kind: 'refused', reason: `version ${version} no longer holds the binary that served` };
    const activated = await this.call('POST', `${base}/versions/${encodeURIComponent(version)}/activate`, principal);
    if (activated.status >= 400 && activated.status < 500) return { kind: 'refused', reason: `the registry refused to activate ${version}: ${activated.status} ${activated.body?.message ?? ''}`.trim() };
    return { kind: 'activated' };
  }

  private async call(method: 'GET' | 'POST', path: string, principal: Principal): Promise<{ status: number; body: any }> {
    const res = await request(`${this.registryUrl.replace(/\/$/, '')}${path}`, {
      method, headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, this.internalKey), accept: 'application/json' }, headersTimeout: 10_000, bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    if (res.statusCode >= 500) throw new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
    let body: any;
    try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
    return { status: res.statusCode, body };
  }
}
