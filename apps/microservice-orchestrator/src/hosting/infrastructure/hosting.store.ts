import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, isDuplicateKey, upsertUnlessNewer } from '@berth/messaging';
import type { DeploymentDocument, DeploymentSpec, DeploymentStage } from '../domain/deployment';
import type { HostedApplication, SubscriptionRow } from '../domain/hosted-application';
import { changeOfRevision } from '../domain/rollout';

export const DEPLOYMENTS = 'deployments';
const STAGES_KEPT = 40;

/**
 * The orchestrator's store: projections of applications and subscriptions (from events; an
 * older event than the one applied is dropped) and the `deployments` collection, the desired
 * state with what the reconciler and the prober last saw.
 */
@Injectable()
export class HostingStore implements OnModuleInit {
  private readonly applications: Collection<HostedApplication>;
  private readonly subscriptions: Collection<SubscriptionRow>;
  readonly deployments: Collection<DeploymentDocument>;

  constructor(@InjectConnection() connection: Connection) {
    this.applications = connection.db!.collection<HostedApplication>('applications');
    this.subscriptions = connection.db!.collection<SubscriptionRow>('subscriptions');
    this.deployments = connection.db!.collection<DeploymentDocument>(DEPLOYMENTS);
  }

  async onModuleInit() {
    await ensureIndexes(this.applications, [{ key: { ownerTenant: 1, name: 1 }, name: 'owner_name' }]);
    await ensureIndexes(this.subscriptions, [{ key: { applicationId: 1, subscribed: 1 }, name: 'application_subscribed' }]);
    await ensureIndexes(this.deployments, [{ key: { applicationId: 1 }, name: 'application' }]);
  }

  /** Applies fields of an application guarded by one of its version counters; false when a newer change was applied. */
  async applyApplication(id: string, counter: 'infoVersion' | 'binaryVersion', version: number, fields: Partial<HostedApplication>): Promise<boolean> {
    const other = counter === 'infoVersion' ? 'binaryVersion' : 'infoVersion';
    return upsertUnlessNewer(this.applications, id, counter, version, {
      $set: { ...fields, [counter]: version }, $setOnInsert: { deleted: false, [other]: 0 } as Partial<HostedApplication>,
      ...(fields.binaryId ? { $addToSet: { binaryIds: fields.binaryId } } : {}),
    });
  }

  /**
   * The binaries the projection knows (`known`: of any application, deleted or not) and those still
   * needed (`needed`: any binary activated for a live application, and those of every deployment).
   */
  async binaryUse(): Promise<{ known: Set<string>; needed: Set<string> }> {
    const apps = await this.applications.find({}, { projection: { binaryId: 1, binaryIds: 1, deleted: 1 } }).toArray();
    const deployments = await this.deployments.find({}, { projection: { binaryId: 1, 'outgoing.binaryId': 1 } }).toArray();
    const of = (a: Pick<HostedApplication, 'binaryId' | 'binaryIds'>) => [...(a.binaryId ? [a.binaryId] : []), ...(a.binaryIds ?? [])];
    return {
      known: new Set(apps.flatMap(of)),
      needed: new Set([...apps.filter((a) => !a.deleted).flatMap(of), ...deployments.flatMap((d) => [d.binaryId, d.outgoing?.binaryId ?? d.binaryId])]),
    };
  }

  async markDeleted(id: string, name: string, ownerTenant: string): Promise<void> {
    await this.applications.updateOne({ _id: id }, { $set: { deleted: true, name, ownerTenant }, $setOnInsert: { infoVersion: 0, binaryVersion: 0 } }, { upsert: true });
  }

  async applySubscription(row: SubscriptionRow): Promise<boolean> {
    return upsertUnlessNewer(this.subscriptions, row._id, 'version', row.version, { $set: row });
  }

  application(id: string): Promise<HostedApplication | null> {
    return this.applications.findOne({ _id: id });
  }

  /** The ids of the live applications `ownerTenant` owns named `name`. */
  async applicationIds(ownerTenant: string, name: string): Promise<string[]> {
    const rows = await this.applications.find({ ownerTenant, name, deleted: false }, { projection: { _id: 1 } }).toArray();
    return rows.map((r) => r._id);
  }

  async subscribers(applicationId: string): Promise<string[]> {
    return (await this.subscriptionVersions(applicationId)).map((r) => r.tenant);
  }

  /** The application's live subscriptions: each tenant, with the version of its subscription. */
  async subscriptionVersions(applicationId: string): Promise<Array<{ tenant: string; version: number }>> {
    return this.subscriptions.find({ applicationId, subscribed: true }, { projection: { _id: 0, tenant: 1, version: 1 } }).toArray();
  }

  /**
   * Makes the application's deployments exactly `specs`: new ones start empty; changed ones keep
   * their history, and the revision serving before stays outgoing until the new one is ready
   * (`changeOfRevision`); others go.
   */
  async replaceDeployments(applicationId: string, specs: DeploymentSpec[]): Promise<void> {
    for (const spec of specs) await this.replaceDeployment(spec);
    await this.deployments.deleteMany({ applicationId, _id: { $nin: specs.map((s) => s._id) } });
  }

  private async replaceDeployment(spec: DeploymentSpec): Promise<void> {
    const now = new Date();
    const stage: DeploymentStage = { stage: 'Desired', at: now.toISOString(), detail: `version ${spec.version}` };
    const existing = await this.deployments.findOne({ _id: spec._id });
    if (!existing) {
      await this.deployments.insertOne({ ...spec, instances: [], restarts: 0, stages: [stage] }).catch((err) => { if (!isDuplicateKey(err)) throw err; });
    } else if (existing.revision !== spec.revision) {
      const { set, unset } = changeOfRevision(existing, spec, now);
      const desired = set.outgoing ? { ...stage, detail: `${stage.detail}; ${set.outgoing.version} serves until it is ready` } : stage;
      // Applies to the revision it was computed from only; another writer's new revision in between means computing it again.
      const done = await this.deployments.updateOne({ _id: spec._id, revision: existing.revision }, {
        $set: set, $push: { stages: { $each: [desired], $slice: -STAGES_KEPT } }, ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, ''])) } : {}),
      });
      if (done.matchedCount === 0) await this.replaceDeployment(spec);
    } else {
      await this.deployments.updateOne({ _id: spec._id }, { $set: { tenants: spec.tenants } });
    }
  }

  all(): Promise<DeploymentDocument[]> {
    return this.deployments.find({}).toArray();
  }

  ofApplication(applicationId: string): Promise<DeploymentDocument[]> {
    return this.deployments.find({ applicationId }).toArray();
  }

  deployment(id: string): Promise<DeploymentDocument | null> {
    return this.deployments.findOne({ _id: id });
  }

  /**
   * Records what happened to a deployment, if it still exists with that revision: fields to set
   * (those given as undefined are removed), optionally a stage (with the time) and restarts to add.
   */
  async record(deployment: DeploymentDocument, fields: Partial<DeploymentDocument>, stage?: string, detail?: string, restarts = 0): Promise<void> {
    const entries = Object.entries(fields);
    const set = Object.fromEntries(entries.filter(([, v]) => v !== undefined));
    const unset = Object.fromEntries(entries.filter(([, v]) => v === undefined).map(([k]) => [k, '']));
    const push = stage ? { $push: { stages: { $each: [{ stage, at: new Date().toISOString(), ...(detail ? { detail } : {}) }], $slice: -STAGES_KEPT } } } : {};
    const inc = restarts ? { $inc: { restarts } } : {};
    const update = { ...(Object.keys(set).length ? { $set: set } : {}), ...(Object.keys(unset).length ? { $unset: unset } : {}), ...push, ...inc };
    if (Object.keys(update).length) await this.deployments.updateOne({ _id: deployment._id, revision: deployment.revision }, update as any);
  }
}
