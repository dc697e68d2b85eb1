import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { desiredDeployments } from '../../../domain/deployment';
import { EndedInstancesStore } from '../../../infrastructure/ended-instances.store';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { RuntimeOptionsStore } from '../../../infrastructure/runtime-options.store';
import { Reconciler } from '../../reconciler';
import { DesiredStateChange, UpdateDesiredStateCommand } from './update-desired-state.command';

type ApplicationChange = Exclude<DesiredStateChange, { kind: 'runtimeOption' }>;

/**
 * Desired state from events, never from synchronous calls: the projection is updated, then the
 * application's deployments are recomputed from the projections alone (its owner's runtime
 * options included), so replaying or reordering events converges on the same documents. Changes
 * of one application are serialized; a runtime option recomputes the owner's applications of that name.
 */
@CommandHandler(UpdateDesiredStateCommand)
export class UpdateDesiredStateHandler implements ICommandHandler<UpdateDesiredStateCommand> {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: HostingStore, private readonly options: RuntimeOptionsStore, private readonly ended: EndedInstancesStore, private readonly reconciler: Reconciler,
  ) {}

  async execute({ change }: UpdateDesiredStateCommand): Promise<string[]> {
    if (change.kind === 'runtimeOption') {
      const { tenant, key, option, version } = change;
      await this.options.apply({ _id: `${tenant}/${key}`, tenant, ...option, deleted: option.value === undefined, version });
      const ids = await this.store.applicationIds(tenant, option.application);
      return (await Promise.all(ids.map((id) => this.serialized(id, () => this.recompute(id))))).flat();
    }
    const applicationId = change.kind === 'subscription' ? change.applicationId : change.id;
    return this.serialized(applicationId, () => this.apply(change));
  }

  private async serialized(applicationId: string, work: () => Promise<string[]>): Promise<string[]> {
    const previous = this.chains.get(applicationId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.chains.set(applicationId, next);
    try {
      return await next;
    } finally {
      if (this.chains.get(applicationId) === next) this.chains.delete(applicationId);
    }
  }

  private async apply(change: ApplicationChange): Promise<string[]> {
    if (change.kind === 'application') await this.store.applyApplication(change.id, 'infoVersion', change.version, change.fields);
    else if (change.kind === 'activation') await this.store.applyApplication(change.id, 'binaryVersion', change.version, change.fields);
    else if (change.kind === 'deleted') {
      await this.store.markDeleted(change.id, change.name, change.ownerTenant);
      await this.ended.forget(change.id);
    }
    else {
      await this.store.applySubscription({
        _id: `${change.tenant}/${change.applicationId}`, tenant: change.tenant, applicationId: change.applicationId,
        subscribed: change.subscribed, version: change.version,
      });
    }
    return this.recompute(change.kind === 'subscription' ? change.applicationId : change.id);
  }

  private async recompute(applicationId: string): Promise<string[]> {
    const app = await this.store.application(applicationId);
    const overrides = app ? await this.options.overrides(app.ownerTenant, app.name) : {};
    const subscriptions = await this.store.subscriptionVersions(applicationId);
    const specs = desiredDeployments(app, subscriptions.map((r) => r.tenant), overrides, Object.fromEntries(subscriptions.map((r) => [r.tenant, r.version])));
    await this.store.replaceDeployments(applicationId, specs);
    this.reconciler.nudge();
    return specs.map((s) => s._id);
  }
}
