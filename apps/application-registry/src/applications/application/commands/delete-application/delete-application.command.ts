import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/** Deletes an application: a PRIVATE one always, another only without subscribers (checkDeletable); `force` deletes one with subscribers too. */
export class DeleteApplicationCommand extends Command<void> {
  constructor(readonly id: string, readonly force: boolean, readonly caller: Principal) {
    super();
  }
}
