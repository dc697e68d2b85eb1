import { Injectable } from '@nestjs/common';
import type { ProviderSink } from '../../providers/sms-provider';
import { ApplyReceipt } from '../application/apply-receipt';
import { requestId } from '../domain/sms-request';
import { InboundRepository } from './inbound.repository';

/** What providers report lands here: inbound messages are stored for the tenant (once per provider message id), receipts applied (or queued to be). */
@Injectable()
export class ProviderSinks {
  constructor(private readonly inbound: InboundRepository, private readonly receipts: ApplyReceipt) {}

  of(tenant: string): ProviderSink {
    return {
      inbound: (m) => this.inbound.insert({
        _id: requestId(tenant, `inbound\n${m.providerMessageId}`), tenant, providerMessageId: m.providerMessageId, senderAddress: m.senderAddress,
        destinationAddress: m.destinationAddress, message: m.message, dateTime: m.dateTime, receivedAt: new Date(),
      }),
      receipt: (r) => this.receipts.receive(tenant, r),
    };
  }
}
