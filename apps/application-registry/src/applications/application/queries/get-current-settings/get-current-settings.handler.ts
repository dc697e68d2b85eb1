import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { forbidden } from '@berth/auth';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { resolveSettings, settingsCategory } from '../../../domain/application-settings';
import { reservedNameClaimed } from '../../../domain/reserved-names';
import { SettingsOptionReader } from '../../../infrastructure/settings-option-reader';
import { CurrentApplication } from '../../current-application';
import { GetCurrentSettingsQuery } from './get-current-settings.query';

@QueryHandler(GetCurrentSettingsQuery)
export class GetCurrentSettingsHandler implements IQueryHandler<GetCurrentSettingsQuery> {
  constructor(
    private readonly current: CurrentApplication,
    private readonly options: SettingsOptionReader,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  /** The settings are read decrypted, so a microservice holding a name the platform reserves (one stored when the name was not yet reserved) reads none: 403. */
  async execute({ caller }: GetCurrentSettingsQuery): Promise<Record<string, string>> {
    const app = await this.current.of(caller);
    const claim = reservedNameClaimed(app, this.config.BERTH_MANAGEMENT_TENANT);
    if (claim) throw forbidden(`Microservice ${app.name} holds the reserved ${claim.field} "${claim.value}"; it reads no settings`);
    return resolveSettings(app, await this.options.read(app.owner, settingsCategory(app)));
  }
}
