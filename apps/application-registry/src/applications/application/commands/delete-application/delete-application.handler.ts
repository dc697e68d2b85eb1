import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ApplicationVersion } from '../../../domain/application-version';
import { checkDeletable } from '../../../domain/application-rules';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { SubscriptionProjection } from '../../../infrastructure/subscription.projection';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { DeleteApplicationCommand } from './delete-application.command';

@CommandHandler(DeleteApplicationCommand)
export class DeleteApplicationHandler implements ICommandHandler<DeleteApplicationCommand> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly repository: ApplicationRepository,
    private readonly subscriptions: SubscriptionProjection,
    private readonly events: ApplicationEvents,
    private readonly binaries: BinaryStore,
  ) {}

  async execute({ id, force, caller }: DeleteApplicationCommand): Promise<void> {
    const app = await this.access.changeable(id, caller);
    const subscribers = await this.subscriptions.subscribersOf(id);
    checkDeletable(app, subscribers, force);
    const messages = [this.events.deleted({ ...app, _version: app._version + 1 }, force, subscribers)];
    if (!this.events.stores()) return this.events.publishNow(messages);
    await this.repository.delete(id, messages);
    for (const version of (app.applicationVersions ?? []) as ApplicationVersion[]) await this.binaries.delete(version.binaryId);
  }
}
