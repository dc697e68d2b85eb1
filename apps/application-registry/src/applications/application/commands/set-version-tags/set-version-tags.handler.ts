import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApplicationVersion, findVersion, parseTags, setTags } from '../../../domain/application-version';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { SetVersionTagsCommand } from './set-version-tags.command';

@CommandHandler(SetVersionTagsCommand)
export class SetVersionTagsHandler implements ICommandHandler<SetVersionTagsCommand> {
  constructor(private readonly access: ApplicationAccess, private readonly repository: ApplicationRepository, private readonly events: ApplicationEvents) {}

  async execute({ id, version, body, caller }: SetVersionTagsCommand): Promise<ApplicationVersion> {
    const app = await this.access.changeable(id, caller);
    const versions = (app.applicationVersions ?? []) as ApplicationVersion[];
    findVersion(versions, version, id);
    const next = setTags(versions, version, parseTags(body));
    const updated = { ...app, applicationVersions: next, _version: app._version + 1 };
    await this.repository.update(app, { $set: { applicationVersions: next } }, [this.events.updated(updated, ['applicationVersions'])]);
    return findVersion(next, version, id);
  }
}
