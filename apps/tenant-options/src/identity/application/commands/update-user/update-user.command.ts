import { Command } from '@nestjs/cqrs';
import type { UserRecord } from '../../../infrastructure/identity-records';

/** An admin's partial update of a user: profile fields, `enabled`, and a new `password`. */
export class UpdateUserCommand extends Command<UserRecord> {
  constructor(readonly tenant: string, readonly userName: string, readonly body: Record<string, unknown>) {
    super();
  }
}
