import { Inject, Injectable, Logger } from '@nestjs/common';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { deadlineOf, isPast } from '../../providers/message-deadline';
import { MessageExpiredError, ProviderRejectedError, ProviderUnavailableError, SubmitResult } from '../../providers/sms-provider';
import { deliveryId } from '../domain/sms-request';
import { ProviderRegistry } from '../infrastructure/provider-registry';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { QueuedSms, queuedSms, SendJob, SmsQueues } from '../infrastructure/sms-queues';
import { referenceOf } from '../infrastructure/submit-marks';

const RECEIPT_POLL_MS = 200;
const EXPIRED = 'expired before it could be sent';

/**
 * Submits one delivery to the tenant's provider, once: a delivery no longer `MessageWaiting` is
 * left alone, and one the provider already accepted (noted in Redis right after its answer) is
 * only recorded. When that note or the status change cannot be written (Redis out of reach), the
 * acceptance is also written to the store on its own, and a retry looks there before sending, so
 * the message is not sent twice (the fault run sent SMS twice with Redis stopped). A submit that
 * left without its answer being seen (the process died, or none came in time) is marked; its retry
 * first waits up to `BERTH_SMS_RECEIPT_WAIT_MS` after it for a receipt naming the message's
 * reference (SubmitMarks), and sends again only if none came. A message past its `expiresAt` is
 * not sent: checked here first, and by the provider right before the submit leaves (after any wait
 * for a connection or token), which throws MessageExpiredError. A rejection, an expired message or
 * the last failed attempt ends it `DeliveryImpossible` with the reason stored; any other failure
 * is thrown to be retried.
 */
@Injectable()
export class DeliverSms {
  private readonly logger = new Logger('DeliverSms');

  constructor(
    private readonly requests: SmsRequestRepository, private readonly providers: ProviderRegistry, private readonly queues: SmsQueues,
    @Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig,
  ) {}

  /** `attempt` counts from 1; `rerun` says an earlier run of this job may have got as far as sending (a retry or a stalled job). */
  async run({ requestId, index, sms: queued }: SendJob, attempt: number, rerun = attempt > 1): Promise<void> {
    const { state, sentAs, submittedAt } = await this.requests.progress(requestId, index);
    if (state?.status !== 'MessageWaiting') return;
    const sms = queued ?? await this.read(requestId, index);
    if (!sms) return;
    const accepted = sentAs ?? (rerun ? await this.requests.storedAcceptance(requestId, index) : undefined)
      ?? (submittedAt === undefined ? undefined : await this.receiptFor(requestId, index, sms.tenant, submittedAt));
    if (accepted) return this.record(requestId, index, sms, { providerMessageId: accepted });
    const notAfter = deadlineOf(sms.expiresAt);
    if (isPast(notAfter)) return this.fail(requestId, index, EXPIRED);
    const id = deliveryId(requestId, index);
    let reference: number | undefined;
    let result: SubmitResult;
    try {
      const provider = await this.providers.get(sms.tenant);
      reference = provider.supports.receiptReferences ? referenceOf(id) : undefined;
      result = await provider.send({
        deliveryId: id, tenant: sms.tenant, senderAddress: sms.senderAddress,
        senderName: sms.senderName, address: sms.address, text: sms.text, reference, notAfter,
        // Without the mark (Redis out of reach) the message still goes; only a crash right after could send it twice.
        submitting: reference === undefined ? undefined : () => this.requests.marks.mark(sms.tenant, sms.address, reference!, id, sms.notify).catch(() => undefined),
      });
    } catch (err) {
      if (reference !== undefined && !(err instanceof ProviderUnavailableError && err.uncertain)) await this.requests.marks.clear(id).catch(() => undefined);
      const reason = (err as Error).message || String(err);
      if (err instanceof MessageExpiredError) return this.fail(requestId, index, EXPIRED);
      if (err instanceof ProviderRejectedError) return this.fail(requestId, index, `rejected by the provider: ${reason}`);
      if (attempt >= this.config.BERTH_SMS_ATTEMPTS) return this.fail(requestId, index, `not delivered after ${attempt} attempts: ${reason}`);
      this.logger.warn(`Delivery ${deliveryId(requestId, index)} attempt ${attempt} failed, retrying: ${reason}`);
      throw err;
    }
    try {
      await this.record(requestId, index, sms, result);
    } catch (err) {
      await this.requests.storeAcceptance(requestId, index, result.providerMessageId).catch(() => undefined);
      throw err;
    }
  }

  /**
   * The provider's id of a message whose submit left at `submittedAt` unanswered, once its receipt
   * names it (ApplyReceipt links it by reference); undefined when the provider's receipts carry no
   * reference or none came within BERTH_SMS_RECEIPT_WAIT_MS of the submit.
   */
  private async receiptFor(requestId: string, index: number, tenant: string, submittedAt: number): Promise<string | undefined> {
    const provider = await this.providers.get(tenant).catch(() => undefined);
    const until = submittedAt + this.config.BERTH_SMS_RECEIPT_WAIT_MS;
    if (!provider?.supports.receiptReferences || Date.now() >= until) return undefined;
    this.logger.warn(`Delivery ${deliveryId(requestId, index)} left for the provider unanswered; waiting up to ${Math.ceil((until - Date.now()) / 1000)} s for its receipt before sending it again`);
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
      const sentAs = await this.requests.sentAs(requestId, index);
      if (sentAs) return sentAs;
    }
    return undefined;
  }

  /** Notes the provider's acceptance (the link receipts need, and the status). */
  private async record(requestId: string, index: number, sms: QueuedSms, result: Pick<SubmitResult, 'providerMessageId' | 'status'>) {
    await this.requests.linkProviderMessage(sms.tenant, result.providerMessageId, requestId, index, sms.notify);
    await this.requests.changeDelivery(requestId, index, { status: result.status ?? 'DeliveredToNetwork', providerMessageId: result.providerMessageId }, 'MessageWaiting');
  }

  /** What to send, from the stored request (for jobs queued without it). */
  private async read(requestId: string, index: number): Promise<QueuedSms | undefined> {
    const request = await this.requests.find(requestId);
    const delivery = request?.deliveries[index];
    return request && delivery ? queuedSms(request, delivery.address) : undefined;
  }

  private async fail(requestId: string, index: number, reason: string) {
    if (await this.requests.changeDelivery(requestId, index, { status: 'DeliveryImpossible', reason })) await this.queues.enqueueNotify(requestId, index);
  }
}
