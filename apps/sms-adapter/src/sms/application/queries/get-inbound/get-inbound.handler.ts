import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '../../../domain/sms-errors';
import { InboundRepository } from '../../../infrastructure/inbound.repository';
import { InboundAccess } from '../inbound-access';
import { GetInboundQuery } from './get-inbound.query';

/** @throws DomainError 404 when the tenant received no such message for that receiver. */
@QueryHandler(GetInboundQuery)
export class GetInboundHandler implements IQueryHandler<GetInboundQuery> {
  constructor(private readonly access: InboundAccess, private readonly inbound: InboundRepository) {}

  async execute({ tenant, receiver, messageId }: GetInboundQuery) {
    const address = await this.access.check(tenant, receiver, 'receiveOne');
    const message = await this.inbound.find(tenant, messageId);
    if (!message || message.destinationAddress !== address) throw notFound(`Received message ${messageId} to ${receiver}`);
    return message;
  }
}
