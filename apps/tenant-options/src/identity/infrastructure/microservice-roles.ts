import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { upsertUnlessNewer } from '@berth/messaging';

/** What a microservice's subscribers get, as its newest registry event says. `_id` is the application id. */
export interface MicroserviceRolesRow {
  _id: string;
  name: string;
  /** The roles of its service users (the manifest's or the application's `requiredRoles`). */
  requiredRoles?: string[];
  /** The roles its manifest defines, assignable in subscribed tenants (known once a version was activated). */
  roles?: string[];
  /** The application's aggregateVersion in the event that wrote the row. */
  version: number;
  deleted?: true;
}

export type MicroserviceRoles = Pick<MicroserviceRolesRow, 'requiredRoles' | 'roles'>;

/**
 * tenant-options' own record of each microservice's roles, from `registry.application.v1`, so
 * that service users follow a manifest that changed after they were made, and a subscription
 * event written before the change does not make them with the old roles. A stale event changes nothing.
 */
@Injectable()
export class MicroserviceRolesProjection {
  private readonly collection: Collection<MicroserviceRolesRow>;

  constructor(@InjectConnection() connection: Connection) {
    this.collection = connection.db!.collection<MicroserviceRolesRow>('microservice_roles');
  }

  /** Records the fields given (the others stay); false when a newer event already wrote the row. */
  apply(id: string, version: number, fields: Pick<MicroserviceRolesRow, 'name'> & Partial<MicroserviceRolesRow>): Promise<boolean> {
    return upsertUnlessNewer(this.collection, id, 'version', version, { $set: { ...fields, version } });
  }

  /** The roles known for a live microservice; undefined for one not (or no longer) known. */
  async of(id: string): Promise<MicroserviceRolesRow | undefined> {
    const row = await this.collection.findOne({ _id: id });
    return row && !row.deleted ? row : undefined;
  }
}

/** Whether two role lists name the same roles, in any order. */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((r) => left.has(r));
}
