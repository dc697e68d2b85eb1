import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/** Deletes a version chosen by `version` or `tag`, and its binary; never the active one nor `latest`. */
export class DeleteVersionCommand extends Command<void> {
  constructor(readonly id: string, readonly selector: { version?: string; tag?: string }, readonly caller: Principal) {
    super();
  }
}
