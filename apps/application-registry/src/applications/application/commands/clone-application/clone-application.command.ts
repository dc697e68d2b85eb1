import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** Copies a visible application into the caller's tenant under free `clone…` names (SPEC.md row 7). */
export class CloneApplicationCommand extends Command<ApplicationDocument> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
