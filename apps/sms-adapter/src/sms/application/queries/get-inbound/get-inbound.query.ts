import { Query } from '@nestjs/cqrs';
import type { InboundDocument } from '../../../domain/inbound-message';

/** One received message to `receiver`. */
export class GetInboundQuery extends Query<InboundDocument> {
  constructor(readonly tenant: string, readonly receiver: string, readonly messageId: string) {
    super();
  }
}
