import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { OptionScope } from '../../../domain/option-scope';
import type { OptionView } from '../../../domain/option-view';

/** Creates or replaces options of one category in a scope; all are checked before any is written. */
export class SetOptionsCommand extends Command<OptionView[]> {
  constructor(
    readonly scope: OptionScope,
    readonly category: unknown,
    readonly values: Record<string, unknown>,
    readonly principal: Principal,
  ) {
    super();
  }
}
