import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ROLE_CATALOGUE } from '@berth/auth';

/** The roles a subscribed microservice defines in a tenant; `_id` is `<tenant>/<applicationId>`. */
interface ApplicationRoles { _id: string; tenant: string; roles: string[]; subscriptionVersion: number }

/**
 * Which roles may be assigned in a tenant: the catalogue's, plus those the manifests of the
 * microservices it is subscribed to define (`roles`, CLIENTS.md hosting contract). Kept per
 * subscription and dropped on unsubscribe; an event older than the one stored changes nothing.
 */
@Injectable()
export class AssignableRoles {
  private readonly collection: Collection<ApplicationRoles>;

  constructor(@InjectConnection() connection: Connection) {
    this.collection = connection.db!.collection<ApplicationRoles>('assignable_roles');
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
