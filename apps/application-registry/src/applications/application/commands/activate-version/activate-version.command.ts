import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** Makes an uploaded version the active one (a rollback or roll-forward); the orchestrator redeploys on its event. */
export class ActivateVersionCommand extends Command<ApplicationDocument> {
  constructor(readonly id: string, readonly version: string, readonly caller: Principal) {
    super();
  }
}
