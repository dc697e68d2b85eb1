import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** Registers an application owned by the caller's tenant (docs/api/applications.md). */
export class CreateApplicationCommand extends Command<ApplicationDocument> {
  constructor(readonly body: unknown, readonly caller: Principal) {
    super();
  }
}
