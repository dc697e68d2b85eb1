import { Command } from '@nestjs/cqrs';
import type { UserRecord } from '../../../infrastructure/identity-records';

/** Assigns a role to a user (`assigned`), or takes it away. */
export class SetUserRoleCommand extends Command<UserRecord> {
  constructor(readonly tenant: string, readonly userName: string, readonly role: string, readonly assigned: boolean) {
    super();
  }
}
