import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, upsertUnlessNewer } from '@berth/messaging';
import { KnownApplication, KnownTenant } from '../domain/subscription';

/** How long a write waits for a tenant or application it does not know yet (the projection may lag the event). */
const CATCH_UP_MS = 2000;
const POLL_MS = 50;

/**
 * What the subscription app knows of applications and tenants, from `registry.application.v1`
 * and `tenant.tenant.v1` (writes never ask another app). Each row keeps the aggregateVersion of
 * the event that wrote it; an older event is dropped, a deleted row stays as a tombstone.
 */
@Injectable()
export class CatalogueProjection implements OnModuleInit {
  readonly applications: Collection<KnownApplication>;
  readonly tenants: Collection<KnownTenant>;

  constructor(@InjectConnection() connection: Connection) {
    this.applications = connection.db!.collection<KnownApplication>('known_applications');
    this.tenants = connection.db!.collection<KnownTenant>('known_tenants');
  }

  async onModuleInit() {
    await ensureIndexes(this.applications, [{ key: { name: 1 }, name: 'name' }]);
  }

  applyApplication(row: KnownApplication): Promise<void> {
    return this.apply(this.applications, row);
  }

  /** Sets an application's manifest fields unless a newer event (by `version`) already wrote it; nothing for an unknown application. */
  async applyManifest(id: string, version: number, fields: Pick<KnownApplication, 'requiredRoles' | 'roles' | 'isolation' | 'manifestVersion'>): Promise<void> {
    const row = await this.applications.findOne({ _id: id });
    if (!row || row.deleted || row.version > version) return;
    await this.applications.updateOne({ _id: id }, { $set: { ...fields, version } });
  }

  applyTenant(row: KnownTenant): Promise<void> {
    return this.apply(this.tenants, row);
  }

  /** The live application, waiting up to 2 s for its event when unknown; undefined when it is not there. */
  async application(id: string): Promise<KnownApplication | undefined> {
    return this.awaitLive(() => this.applications.findOne({ _id: id }));
  }

  /** The live tenant, waiting as `application` does; undefined when it is not there. */
  tenant(id: string): Promise<KnownTenant | undefined> {
    return this.awaitLive(() => this.tenants.findOne({ _id: id }));
  }

  /** The live application named `name` (names are unique across tenants), waiting as `application` does. */
  async applicationNamed(name: string): Promise<KnownApplication | undefined> {
    return this.awaitLive(async () => (await this.applications.find({ name, deleted: false }).limit(1).toArray())[0] ?? null);
  }

  async applicationsById(ids: string[]): Promise<Map<string, KnownApplication>> {
    const rows = ids.length ? await this.applications.find({ _id: { $in: ids } }).toArray() : [];
    return new Map(rows.map((r) => [r._id, r]));
  }

  private async awaitLive<T extends { deleted: boolean }>(read: () => Promise<T | null>): Promise<T | undefined> {
    const deadline = Date.now() + CATCH_UP_MS;
    for (;;) {
      const row = await read();
      if (row) return row.deleted ? undefined : row;
      if (Date.now() >= deadline) return undefined;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  private async apply<T extends Document & { _id: string; version: number }>(collection: Collection<T>, row: T): Promise<void> {
    const { _id, ...fields } = row;
    await upsertUnlessNewer(collection, _id, 'version', row.version, { $set: fields } as never);
  }
}
