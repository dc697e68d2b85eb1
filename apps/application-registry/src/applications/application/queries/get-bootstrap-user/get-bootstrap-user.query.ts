import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

export interface BootstrapUser { tenant: string; name: string; password: string }

/**
 * A microservice's bootstrap user with its password (docs/api/applications.md), for its owner tenant's
 * application admins: 404 when the caller cannot see the application, 403 when the caller's tenant
 * does not own it, 400 for another type, 503 while the user is not made yet.
 */
export class GetBootstrapUserQuery extends Query<BootstrapUser> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
