import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { forbidden } from '@berth/auth';
import { invalidOption, optionNotFound } from '../../../domain/option-errors';
import { checkCategory, checkKey } from '../../../domain/option-name';
import { OptionViews } from '../../option-views';
import { OptionWriter } from '../../option-writer';
import { SetOptionEditableCommand } from './set-option-editable.command';

/** A tenant id an option lock may name; any other is 404. */
export const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** What `editable` takes: the real platform's strings, or booleans. */
export const EDITABLE_FLAGS: readonly unknown[] = ['true', 'false', true, false];

@CommandHandler(SetOptionEditableCommand)
export class SetOptionEditableHandler implements ICommandHandler<SetOptionEditableCommand> {
  constructor(private readonly writer: OptionWriter, private readonly views: OptionViews) {}

  async execute({ tenant, category, key, editable, principal }: SetOptionEditableCommand) {
    if (principal.tenant !== this.views.managementTenant) throw forbidden('Only the management tenant may lock options');
    checkCategory(category);
    checkKey(key);
    if (!TENANT_ID.test(tenant)) throw optionNotFound(category, key);
    const flag = parseFlag(editable);
    const doc = await this.writer.apply({ kind: 'tenant', tenant }, category, key, { kind: 'editable', editable: flag });
    return this.views.view(doc, principal);
  }
}

function parseFlag(value: unknown): boolean {
  if (!EDITABLE_FLAGS.includes(value)) throw invalidOption('editable', 'must be "true" or "false"');
  return value === true || value === 'true';
}
