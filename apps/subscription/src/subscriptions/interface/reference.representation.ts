import { acceptedRolesOf, pendingRoles } from '@berth/contracts';
import type { KnownApplication, SubscriptionDocument } from '../domain/subscription';

const enc = encodeURIComponent;

/**
 * The ApplicationReference of a subscription: `{self, application:{id, self, name, key, type, availability, owner}}`;
 * a microservice's also carries the roles its tenant accepted for the service user (`acceptedRoles`)
 * and those of the application's current `requiredRoles` it has not (`pendingRoles`: subscribing again accepts them).
 */
export function applicationReference(sub: SubscriptionDocument, app: KnownApplication | undefined, baseUrl: string): Record<string, unknown> {
  const application: Record<string, unknown> = {
    id: sub.applicationId,
    self: `${baseUrl}/application/applications/${enc(sub.applicationId)}`,
    name: app?.name ?? sub.applicationName,
    type: app?.type ?? sub.applicationType,
    ...(app?.key ? { key: app.key } : {}),
    ...(app?.availability ? { availability: app.availability } : {}),
    ...(app?.owner ? { owner: { self: `${baseUrl}/tenant/tenants/${enc(app.owner)}`, tenant: { id: app.owner } } } : {}),
    ...(sub.applicationType === 'MICROSERVICE' ? { requiredRoles: sub.requiredRoles ?? [] } : {}),
    ...(sub.manifestVersion ? { manifest: { version: sub.manifestVersion, ...(sub.isolation ? { isolation: sub.isolation } : {}) } } : {}),
  };
  const self = referenceUrl(baseUrl, sub.tenant, sub.applicationId);
  if (sub.applicationType !== 'MICROSERVICE') return { self, application };
  const acceptedRoles = acceptedRolesOf(sub);
  return { self, application, acceptedRoles, pendingRoles: pendingRoles(app?.requiredRoles ?? [], acceptedRoles) };
}

export function referenceUrl(baseUrl: string, tenant: string, applicationId: string): string {
  return `${baseUrl}/tenant/tenants/${enc(tenant)}/applications/${enc(applicationId)}`;
}
