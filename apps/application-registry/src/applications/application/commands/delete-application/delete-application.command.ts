import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/** Deletes an application (SPEC.md row 6 and its state rule); `force` deletes one with subscribers too. */
export class DeleteApplicationCommand extends Command<void> {
  constructor(readonly id: string, readonly force: boolean, readonly caller: Principal) {
    super();
  }
}
