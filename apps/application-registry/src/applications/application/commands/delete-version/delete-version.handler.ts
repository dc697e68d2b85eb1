import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApplicationVersion, removeVersion, selectVersion } from '../../../domain/application-version';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { DeleteVersionCommand } from './delete-version.command';

@CommandHandler(DeleteVersionCommand)
export class DeleteVersionHandler implements ICommandHandler<DeleteVersionCommand> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly repository: ApplicationRepository,
    private readonly binaries: BinaryStore,
    private readonly events: ApplicationEvents,
  ) {}

  async execute({ id, selector, caller }: DeleteVersionCommand): Promise<void> {
    const app = await this.access.changeable(id, caller);
    const versions = (app.applicationVersions ?? []) as ApplicationVersion[];
    const removed = selectVersion(versions, selector, id);
    const next = removeVersion(versions, removed, app.activeVersionId);
    const updated = { ...app, applicationVersions: next, _version: app._version + 1 };
    await this.repository.update(app, { $set: { applicationVersions: next } }, [this.events.updated(updated, ['applicationVersions'])]);
    await this.binaries.delete(removed.binaryId);
  }
}
