import { Query } from '@nestjs/cqrs';
import type { PageQuery } from '@berth/paging';
import type { InboundDocument } from '../../../domain/inbound-message';

/** The tenant's received messages to `receiver`, newest first. */
export class ListInboundQuery extends Query<InboundDocument[]> {
  constructor(readonly tenant: string, readonly receiver: string, readonly page: PageQuery) {
    super();
  }
}
