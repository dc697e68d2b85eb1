import { Command } from '@nestjs/cqrs';
import type { UserRecord } from '../../../infrastructure/identity-records';

/**
 * `PUT /user/currentUser`: the caller's own profile and, with `currentUserPassword`, password.
 * `userName` and `enabled` may come back as the caller has them (clients PUT what they GET), not changed.
 * @throws 401 when the current password is wrong, 422 when the new one breaks the policy.
 */
export class UpdateCurrentUserCommand extends Command<UserRecord> {
  constructor(readonly tenant: string, readonly userName: string, readonly body: Record<string, unknown>) {
    super();
  }
}
