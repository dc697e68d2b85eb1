import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

export interface ApplicationUser { tenant: string; name: string; password: string }

/** The service users of the calling microservice in every tenant subscribed to it (`GET /application/currentApplication/subscriptions`). */
export class CurrentApplicationUsersQuery extends Query<ApplicationUser[]> {
  constructor(readonly caller: Principal) {
    super();
  }
}
