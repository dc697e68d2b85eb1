import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApplicationDocument } from '../../../domain/application';
import { activation, ApplicationVersion, findVersion } from '../../../domain/application-version';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { ActivateVersionCommand } from './activate-version.command';

@CommandHandler(ActivateVersionCommand)
export class ActivateVersionHandler implements ICommandHandler<ActivateVersionCommand> {
  constructor(private readonly access: ApplicationAccess, private readonly repository: ApplicationRepository, private readonly events: ApplicationEvents) {}

  async execute({ id, version, caller }: ActivateVersionCommand): Promise<ApplicationDocument> {
    const app = await this.access.changeable(id, caller);
    const chosen = findVersion((app.applicationVersions ?? []) as ApplicationVersion[], version, id);
    const set = activation(app.type, chosen);
    const next = { ...app, ...set, _version: app._version + 1 } as ApplicationDocument;
    await this.repository.update(app, { $set: set }, [this.events.versionActivated(next, chosen, 'activate')]);
    return next;
  }
}
