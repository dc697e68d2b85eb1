import { Injectable } from '@nestjs/common';
import type { DeliveryReceipt } from '../../providers/sms-provider';
import { FINAL_STATUSES } from '../domain/sms-request';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { SmsQueues } from '../infrastructure/sms-queues';

/** Thrown while the submit that a receipt names is not yet recorded (the receipt can overtake it); the job is retried. */
export class ReceiptTooEarlyError extends Error {}

/** Moves the delivery a provider's receipt names to the receipt's status, and queues the notification of a final one. */
@Injectable()
export class ApplyReceipt {
  constructor(private readonly requests: SmsRequestRepository, private readonly queues: SmsQueues) {}

  async run(tenant: string, receipt: DeliveryReceipt): Promise<void> {
    const found = await this.requests.findByProviderMessage(tenant, receipt.providerMessageId);
    if (!found) throw new ReceiptTooEarlyError(`no delivery with provider message id ${receipt.providerMessageId} (yet)`);
    const { requestId, index, notify } = found;
    const changed = await this.requests.changeDelivery(requestId, index, { status: receipt.status, reason: receipt.reason });
    if (changed && notify && FINAL_STATUSES.includes(receipt.status)) await this.queues.enqueueNotify(requestId, index);
  }
}
