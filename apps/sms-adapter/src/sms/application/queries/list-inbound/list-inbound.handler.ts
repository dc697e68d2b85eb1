import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InboundRepository } from '../../../infrastructure/inbound.repository';
import { InboundAccess } from '../inbound-access';
import { ListInboundQuery } from './list-inbound.query';

@QueryHandler(ListInboundQuery)
export class ListInboundHandler implements IQueryHandler<ListInboundQuery> {
  constructor(private readonly access: InboundAccess, private readonly inbound: InboundRepository) {}

  async execute({ tenant, receiver, page }: ListInboundQuery) {
    const address = await this.access.check(tenant, receiver, 'receiveAll');
    return this.inbound.list(tenant, address, page.skip, page.pageSize);
  }
}
