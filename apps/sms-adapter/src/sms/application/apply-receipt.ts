import { Injectable, Logger } from '@nestjs/common';
import type { DeliveryReceipt } from '../../providers/sms-provider';
import { deliveryId, FINAL_STATUSES } from '../domain/sms-request';
import { ProviderMessageLink, SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { SmsQueues } from '../infrastructure/sms-queues';

/** Thrown while the submit that a receipt names is not yet recorded (the receipt can overtake it); the job is retried. */
export class ReceiptTooEarlyError extends Error {}

/**
 * Moves the delivery a provider's receipt names to the receipt's status, and queues the notification
 * of a final one. A receipt whose message id no delivery was noted under, but whose reference names
 * a submit that left unanswered, settles that delivery (DeliverSms then does not send it again).
 * A receipt is applied as it arrives (`receive`); only one that cannot be applied yet (it overtook
 * its submit's record, or the store or Redis failed) becomes a BullMQ job, retried with back-off.
 * Either way the provider's call is answered only after that, so a receipt is never lost.
 */
@Injectable()
export class ApplyReceipt {
  private readonly logger = new Logger('ApplyReceipt');

  constructor(private readonly requests: SmsRequestRepository, private readonly queues: SmsQueues) {}

  /** Applies a receipt a provider just reported; queues it for retries when that fails. */
  async receive(tenant: string, receipt: DeliveryReceipt): Promise<void> {
    try {
      await this.run(tenant, receipt);
    } catch {
      await this.queues.enqueueReceipt(tenant, receipt);
    }
  }

  async run(tenant: string, receipt: DeliveryReceipt): Promise<void> {
    const found = await this.requests.findByProviderMessage(tenant, receipt.providerMessageId) ?? await this.byReference(tenant, receipt);
    if (!found) throw new ReceiptTooEarlyError(`no delivery with provider message id ${receipt.providerMessageId} (yet)`);
    const { requestId, index, notify } = found;
    // With the provider's id: the receipt may have overtaken the submit's own record of it.
    const changed = await this.requests.changeDelivery(requestId, index, { status: receipt.status, reason: receipt.reason, providerMessageId: receipt.providerMessageId });
    if (!notify || !FINAL_STATUSES.includes(receipt.status)) return;
    // Unchanged, the delivery may be in this status already from an earlier try of this receipt that
    // failed to queue the notification: queue it (once; its job id is the delivery's).
    if (changed || (await this.requests.progress(requestId, index)).state?.status === receipt.status) await this.queues.enqueueNotify(requestId, index);
  }

  private async byReference(tenant: string, receipt: DeliveryReceipt): Promise<ProviderMessageLink | undefined> {
    if (receipt.reference === undefined) return undefined;
    const link = await this.requests.claimByReference(tenant, receipt.providerMessageId, receipt.address, receipt.reference);
    if (link) this.logger.log(`Delivery ${deliveryId(link.requestId, link.index)} settled by reference: the receipt for ${receipt.providerMessageId} came before the submit's answer was noted (or instead of it)`);
    return link;
  }
}
