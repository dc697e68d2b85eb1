import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { addressFromPath } from '../../../domain/phone-address';
import { notFound } from '../../../domain/sms-errors';
import { SmsRequestRepository } from '../../../infrastructure/sms-request.repository';
import { GetDeliveryInfosQuery } from './get-delivery-infos.query';

/** @throws DomainError 404 when the tenant has no such request from that sender. */
@QueryHandler(GetDeliveryInfosQuery)
export class GetDeliveryInfosHandler implements IQueryHandler<GetDeliveryInfosQuery> {
  constructor(private readonly requests: SmsRequestRepository) {}

  async execute({ tenant, sender, requestId }: GetDeliveryInfosQuery) {
    const request = await this.requests.findOfTenant(tenant, requestId);
    const from = addressFromPath(sender);
    if (!request || (from !== request.senderAddress)) throw notFound(`Send request ${requestId} from ${sender}`);
    return request;
  }
}
