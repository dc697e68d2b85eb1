import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { ListUsersQuery } from './list-users.query';

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery> {
  constructor(private readonly store: IdentityStore) {}

  async execute({ tenant, page }: ListUsersQuery) {
    const filter = { tenant, deleted: { $ne: true as const } };
    const users = await this.store.users.find(filter).sort({ userName: 1 }).skip(page.skip).limit(page.pageSize).toArray();
    const total = page.withTotalPages ? await this.store.users.countDocuments(filter) : undefined;
    return { users, total };
  }
}
