import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { desiredDeployments } from '../../../domain/deployment';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { Reconciler } from '../../reconciler';
import { UpdateDesiredStateCommand } from './update-desired-state.command';

/**
 * Desired state from events, never from synchronous calls: the projection is updated, then the
 * application's deployments are recomputed from the projections alone, so replaying or
 * reordering events converges on the same documents. Changes of one application are serialized.
 */
@CommandHandler(UpdateDesiredStateCommand)
export class UpdateDesiredStateHandler implements ICommandHandler<UpdateDesiredStateCommand> {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly store: HostingStore, private readonly reconciler: Reconciler) {}

  async execute({ change }: UpdateDesiredStateCommand): Promise<string[]> {
    const applicationId = change.kind === 'subscription' ? change.applicationId : change.id;
    const previous = this.chains.get(applicationId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.apply(applicationId, change));
    this.chains.set(applicationId, next);
    try {
      return await next;
    } finally {
      if (this.chains.get(applicationId) === next) this.chains.delete(applicationId);
    }
  }

  private async apply(applicationId: string, change: UpdateDesiredStateCommand['change']): Promise<string[]> {
    if (change.kind === 'application') await this.store.applyApplication(change.id, 'infoVersion', change.version, change.fields);
    else if (change.kind === 'activation') await this.store.applyApplication(change.id, 'binaryVersion', change.version, change.fields);
    else if (change.kind === 'deleted') await this.store.markDeleted(change.id, change.name, change.ownerTenant);
    else {
      await this.store.applySubscription({
        _id: `${change.tenant}/${change.applicationId}`, tenant: change.tenant, applicationId: change.applicationId,
        subscribed: change.subscribed, version: change.version,
      });
    }
    const specs = desiredDeployments(await this.store.application(applicationId), await this.store.subscribers(applicationId));
    await this.store.replaceDeployments(applicationId, specs);
    this.reconciler.nudge();
    return specs.map((s) => s._id);
  }
}
