import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { applyPartialUpdate, partialUpdate, toMongoUpdate } from '@berth/http';
import { APPLICATION_FIELDS, ApplicationDocument } from '../../../domain/application';
import { checkApplication, checkStorable } from '../../../domain/application-rules';
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
    if (update.changed.length === 0) return current;
    checkStorable(update.$set);
    const next = { ...applyPartialUpdate(current, update), _version: current._version + 1 };
    checkBootstrapChange(caller, current, next);
    checkApplication(next, false);
    checkNameKept(current, next);
    checkReservedNames(next, this.config.BERTH_MANAGEMENT_TENANT);
    const messages = [this.events.updated(next, update.changed)];
    if (this.events.stores()) {
      await this.repository.update(current, toMongoUpdate(update), messages);
    } else {
      await this.repository.assertNoClash(next, id);
      await this.events.publishNow(messages);
    }
    return next;
  }
}
