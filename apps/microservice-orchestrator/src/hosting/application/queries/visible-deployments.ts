import type { Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import type { DeploymentDocument } from '../../domain/deployment';
import type { HostingStore } from '../../infrastructure/hosting.store';

/**
 * The deployments of an application `caller` may look at: all of them for the owner tenant and
 * the management tenant, its own PER_TENANT deployment (or the shared one) for a subscriber.
 * @throws DomainError `applications/Not Found` for anyone else, or when the application is unknown or deleted.
 */
export async function visibleDeployments(store: HostingStore, applicationId: string, caller: Principal, managementTenant: string): Promise<DeploymentDocument[]> {
  const app = await store.application(applicationId);
  const privileged = app && (app.ownerTenant === caller.tenant || caller.tenant === managementTenant);
  const subscribed = app && !privileged && (await store.subscribers(applicationId)).includes(caller.tenant);
  if (!app || app.deleted || !(privileged || subscribed)) {
    throw new DomainError('applications', 'Not Found', `Microservice application with id ${applicationId} not found`);
  }
  return (await store.ofApplication(applicationId)).filter((d) => privileged || d.tenants.includes(caller.tenant));
}
