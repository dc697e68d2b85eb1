import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { OptionScope } from '../../../domain/option-scope';

/** Deletes one option of a scope (404 when missing, 403 when locked or not the caller's to change). */
export class DeleteOptionCommand extends Command<void> {
  constructor(readonly scope: OptionScope, readonly category: unknown, readonly key: unknown, readonly principal: Principal) {
    super();
  }
}
