import { Query } from '@nestjs/cqrs';
import type { PageQuery } from '@berth/paging';
import type { UserRecord } from '../../../infrastructure/identity-records';

/** One page of a tenant's users, by user name. */
export class ListUsersQuery extends Query<{ users: UserRecord[]; total?: number }> {
  constructor(readonly tenant: string, readonly page: PageQuery) {
    super();
  }
}
