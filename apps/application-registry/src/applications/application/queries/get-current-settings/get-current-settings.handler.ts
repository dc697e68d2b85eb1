import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { resolveSettings, settingsCategory } from '../../../domain/application-settings';
import { SettingsOptionReader } from '../../../infrastructure/settings-option-reader';
import { CurrentApplication } from '../../current-application';
import { GetCurrentSettingsQuery } from './get-current-settings.query';

@QueryHandler(GetCurrentSettingsQuery)
export class GetCurrentSettingsHandler implements IQueryHandler<GetCurrentSettingsQuery> {
  constructor(private readonly current: CurrentApplication, private readonly options: SettingsOptionReader) {}

  async execute({ caller }: GetCurrentSettingsQuery): Promise<Record<string, string>> {
    const app = await this.current.of(caller);
    return resolveSettings(app, await this.options.read(app.owner, settingsCategory(app)));
  }
}
