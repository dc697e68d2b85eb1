import { Command } from '@nestjs/cqrs';
import type { UserRecord } from '../../../infrastructure/identity-records';

/** Creates a user in a tenant from the request body (`userName`, `password`, profile fields, `enabled`). */
export class CreateUserCommand extends Command<UserRecord> {
  constructor(readonly tenant: string, readonly body: Record<string, unknown>) {
    super();
  }
}
