import { Query } from '@nestjs/cqrs';
import type { SmsRequestDocument } from '../../../domain/sms-request';

/** A send request of `tenant`, sent from `sender`, for its deliveryInfoList. */
export class GetDeliveryInfosQuery extends Query<SmsRequestDocument> {
  constructor(readonly tenant: string, readonly sender: string, readonly requestId: string) {
    super();
  }
}
