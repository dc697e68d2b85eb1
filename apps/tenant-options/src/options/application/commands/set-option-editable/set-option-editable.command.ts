import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { OptionView } from '../../../domain/option-view';

/** The management tenant locks (or unlocks) a tenant's option against its owner's PUT and DELETE. */
export class SetOptionEditableCommand extends Command<OptionView> {
  constructor(
    readonly tenant: string,
    readonly category: unknown,
    readonly key: unknown,
    readonly editable: unknown,
    readonly principal: Principal,
  ) {
    super();
  }
}
