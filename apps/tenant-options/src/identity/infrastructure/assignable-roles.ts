import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { mayHoldRole, ROLE_CATALOGUE } from '@berth/auth';
import { DomainError } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';

/** The roles a subscribed microservice defines in a tenant; `_id` is `<tenant>/<applicationId>`. */
interface ApplicationRoles { _id: string; tenant: string; roles: string[]; subscriptionVersion: number }

/**
 * Which roles may be assigned in a tenant: the catalogue's, plus those the manifests of the
 * microservices it is subscribed to define (`roles`, docs/microservices.md). Kept per
 * subscription and dropped on unsubscribe; an event older than the one stored changes nothing.
 */
@Injectable()
export class AssignableRoles {
  private readonly collection: Collection<ApplicationRoles>;

  constructor(@InjectConnection() connection: Connection, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {
    this.collection = connection.db!.collection<ApplicationRoles>('assignable_roles');
  }

  /**
   * The one rule for giving a role to a user or to a group (whose members then hold it): the role
   * must be assignable in the tenant, and a management-only role is for the management tenant only.
   * @throws DomainError 422 `<resource>/Invalid Data`.
   */
  async assertAssignable(tenant: string, role: string | undefined, resource: 'users' | 'groups'): Promise<string> {
    if (!role || !(await this.isAssignable(tenant, role))) throw new DomainError(resource, 'Invalid Data', `Unknown role ${role ?? '(none)'}`);
    if (!mayHoldRole(role, tenant === this.config.BERTH_MANAGEMENT_TENANT)) {
      throw new DomainError(resource, 'Invalid Data', `${role} is only for users of the management tenant`);
    }
    return role;
  }

  async isAssignable(tenant: string, role: string): Promise<boolean> {
    if ((ROLE_CATALOGUE as readonly string[]).includes(role)) return true;
    return (await this.collection.findOne({ tenant, roles: role })) !== null;
  }

  async grant(tenant: string, applicationId: string, roles: string[], subscriptionVersion: number): Promise<void> {
    const _id = `${tenant}/${applicationId}`;
    const current = await this.collection.findOne({ _id });
    if (current && current.subscriptionVersion > subscriptionVersion) return;
    await this.collection.replaceOne({ _id }, { tenant, roles, subscriptionVersion }, { upsert: true });
  }

  /** Sets the roles of a subscription already granted; nothing for one that is not. */
  async renew(tenant: string, applicationId: string, roles: string[]): Promise<void> {
    await this.collection.updateOne({ _id: `${tenant}/${applicationId}` }, { $set: { roles } });
  }

  async revoke(tenant: string, applicationId: string, subscriptionVersion: number): Promise<void> {
    await this.collection.deleteOne({ _id: `${tenant}/${applicationId}`, subscriptionVersion: { $lte: subscriptionVersion } });
  }
}
