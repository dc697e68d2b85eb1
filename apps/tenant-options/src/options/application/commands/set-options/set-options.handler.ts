import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MESSAGING_CATEGORY, MESSAGING_PROVIDER_KEY } from '@berth/contracts';
import { invalidOption } from '../../../domain/option-errors';
import { checkCategory } from '../../../domain/option-name';
import { optionId, OptionScope } from '../../../domain/option-scope';
import { assertMayWriteTenantOption } from '../../../domain/option-write-right';
import { checkOptionWrite } from '../../../domain/validators/option-rules';
import { OptionRepository } from '../../../infrastructure/option.repository';
import { OptionViews } from '../../option-views';
import { OptionWriter } from '../../option-writer';
import { SetOptionsCommand } from './set-options.command';

@CommandHandler(SetOptionsCommand)
export class SetOptionsHandler implements ICommandHandler<SetOptionsCommand> {
  constructor(private readonly writer: OptionWriter, private readonly repository: OptionRepository, private readonly views: OptionViews) {}

  async execute({ scope, category, values, principal }: SetOptionsCommand) {
    checkCategory(category);
    if (scope.kind === 'tenant') assertMayWriteTenantOption(principal, scope.tenant, category, this.views.managementTenant);
    const keys = Object.keys(values);
    if (keys.length === 0) throw invalidOption('options', 'at least one key and value is needed');
    const messagingProvider = category === MESSAGING_CATEGORY ? await this.provider(scope, values) : undefined;
    for (const key of keys) checkOptionWrite(category, key, values[key], { messagingProvider });
    await this.writer.assertEditable(scope, category, keys);
    const written = [];
    for (const key of keys) written.push(await this.writer.apply(scope, category, key, { kind: 'put', value: values[key] as string }));
    return written.map((doc) => this.views.view(doc, principal));
  }

  private async provider(scope: OptionScope, values: Record<string, unknown>): Promise<string | undefined> {
    const given = values[MESSAGING_PROVIDER_KEY];
    if (given !== undefined) return typeof given === 'string' ? given : undefined;
    return (await this.repository.findLive(optionId(scope, MESSAGING_CATEGORY, MESSAGING_PROVIDER_KEY)))?.value;
  }
}
