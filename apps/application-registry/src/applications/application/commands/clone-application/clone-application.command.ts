import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** Copies a visible application into the caller's tenant under free `clone…` names (docs/api/applications.md). */
export class CloneApplicationCommand extends Command<ApplicationDocument> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
