import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { partialUpdate } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { ApplicationDocument, CREATE_FIELDS } from '../../../domain/application';
import { checkApplication, checkStorable } from '../../../domain/application-rules';
import { checkReservedNames } from '../../../domain/reserved-names';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationRepository, newApplicationId } from '../../../infrastructure/application.repository';
import { ApplicationEvents } from '../../application-events';
import { CreateApplicationCommand } from './create-application.command';

const ID_ATTEMPTS = 3;

@CommandHandler(CreateApplicationCommand)
export class CreateApplicationHandler implements ICommandHandler<CreateApplicationCommand> {
  constructor(
    private readonly repository: ApplicationRepository,
    private readonly events: ApplicationEvents,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async execute({ body, caller }: CreateApplicationCommand): Promise<ApplicationDocument> {
    const fields = partialUpdate(body, CREATE_FIELDS, {}).$set;
    checkStorable(fields);
    const draft = { availability: 'PRIVATE', ...fields, owner: caller.tenant, _version: 1 } as Omit<ApplicationDocument, '_id'>;
    checkApplication(draft, true);
    checkReservedNames(draft, this.config.BERTH_MANAGEMENT_TENANT);
    if (!this.events.stores()) {
      await this.repository.assertNoClash(draft);
      const app = { ...draft, _id: newApplicationId() } as ApplicationDocument;
      await this.events.publishNow([this.events.created(app)]);
      return app;
    }
    for (let attempt = 1; ; attempt++) {
      const app = { ...draft, _id: newApplicationId() } as ApplicationDocument;
      try {
        await this.repository.insert(app, [this.events.created(app)]);
        return app;
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= ID_ATTEMPTS) throw err;
      }
    }
  }
}
