import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** Changes the fields a PUT sends, leaving the others as they are (docs/api/conventions.md); only the owner may. */
export class UpdateApplicationCommand extends Command<ApplicationDocument> {
  constructor(readonly id: string, readonly body: unknown, readonly caller: Principal) {
    super();
  }
}
