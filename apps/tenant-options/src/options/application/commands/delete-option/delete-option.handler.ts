import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkCategory, checkKey } from '../../../domain/option-name';
import { assertMayWriteTenantOption } from '../../../domain/option-write-right';
import { OptionViews } from '../../option-views';
import { OptionWriter } from '../../option-writer';
import { DeleteOptionCommand } from './delete-option.command';

@CommandHandler(DeleteOptionCommand)
export class DeleteOptionHandler implements ICommandHandler<DeleteOptionCommand> {
  constructor(private readonly writer: OptionWriter, private readonly views: OptionViews) {}

  async execute({ scope, category, key, principal }: DeleteOptionCommand) {
    checkCategory(category);
    checkKey(key);
    if (scope.kind === 'tenant') assertMayWriteTenantOption(principal, scope.tenant, category, this.views.managementTenant);
    await this.writer.apply(scope, category, key, { kind: 'delete' });
  }
}
