import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { applyPartialUpdate, DomainError, partialUpdate, toMongoUpdate } from '@berth/http';
import { APPLICATION_FIELDS, ApplicationDocument } from '../../../domain/application';
import { checkApplication, checkStorable } from '../../../domain/application-rules';
import { activation, ApplicationVersion } from '../../../domain/application-version';
import { checkBootstrapChange, checkNameKept } from '../../../domain/bootstrap-user';
import { checkReservedNames } from '../../../domain/reserved-names';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { UpdateApplicationCommand } from './update-application.command';

@CommandHandler(UpdateApplicationCommand)
export class UpdateApplicationHandler implements ICommandHandler<UpdateApplicationCommand> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly repository: ApplicationRepository,
    private readonly events: ApplicationEvents,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async execute({ id, body, caller }: UpdateApplicationCommand): Promise<ApplicationDocument> {
    const current = await this.access.changeable(id, caller);
    const update = partialUpdate(body, APPLICATION_FIELDS, current);
    const activating = requestedVersion(body, current);
    if (update.changed.length === 0 && !activating) return current;
    checkStorable(update.$set);
    const activated = activating ? activation(current.type, activating) : {};
    const next = { ...applyPartialUpdate(current, update), ...activated, _version: current._version + 1 } as ApplicationDocument;
    checkBootstrapChange(caller, current, next);
    checkApplication(next, false);
    checkNameKept(current, next);
    checkReservedNames(next, this.config.BERTH_MANAGEMENT_TENANT);
    const messages = [
      ...(update.changed.length ? [this.events.updated(next, update.changed)] : []),
      ...(activating ? [this.events.versionActivated(next, activating, 'activate')] : []),
    ];
    if (this.events.stores()) {
      const mongo = toMongoUpdate(update);
      await this.repository.update(current, { ...mongo, $set: { ...mongo.$set, ...activated } }, messages);
    } else {
      await this.repository.assertNoClash(next, id);
      await this.events.publishNow(messages);
    }
    return next;
  }
}

/**
 * The version a PUT's `activeVersionId` makes active, when it names another of the application's binaries: the
 * platform's web SDK activates a version so (docs/api/applications.md). Naming no binary of it is a 422.
 */
function requestedVersion(body: unknown, current: ApplicationDocument): ApplicationVersion | undefined {
  const wanted = (body as { activeVersionId?: unknown } | null)?.activeVersionId;
  if (wanted === undefined || wanted === null || wanted === current.activeVersionId) return undefined;
  const found = ((current.applicationVersions ?? []) as ApplicationVersion[]).find((v) => v.binaryId === wanted);
  if (!found) throw new DomainError('applications', 'Unprocessable Entity', `activeVersionId ${JSON.stringify(wanted)} names no binary of application ${current._id}`);
  return found;
}
