import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkCategory, checkKey } from '../../../domain/option-name';
import { OptionWriter } from '../../option-writer';
import { DeleteOptionCommand } from './delete-option.command';

@CommandHandler(DeleteOptionCommand)
export class DeleteOptionHandler implements ICommandHandler<DeleteOptionCommand> {
  constructor(private readonly writer: OptionWriter) {}

  async execute({ scope, category, key }: DeleteOptionCommand) {
    checkCategory(category);
    checkKey(key);
    await this.writer.apply(scope, category, key, { kind: 'delete' });
  }
}
