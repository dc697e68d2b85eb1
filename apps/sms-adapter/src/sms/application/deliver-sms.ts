import { Inject, Injectable, Logger } from '@nestjs/common';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { ProviderRejectedError, SubmitResult } from '../../providers/sms-provider';
import { deliveryId } from '../domain/sms-request';
import { ProviderRegistry } from '../infrastructure/provider-registry';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { QueuedSms, queuedSms, SendJob, SmsQueues } from '../infrastructure/sms-queues';

/**
 * Submits one delivery to the tenant's provider, once: a delivery no longer `MessageWaiting` is
 * left alone, and one the provider already accepted (noted in Redis right after its answer) is
 * only recorded. When that note or the status change cannot be written (Redis out of reach), the
 * acceptance is also written to the store on its own, and a retry looks there before sending, so
 * the message is not sent twice (the fault run sent SMS twice with Redis stopped). A rejection, an
 * expired message or the last failed attempt ends it `DeliveryImpossible` with the reason stored;
 * any other failure is thrown to be retried.
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
    const { state, sentAs } = await this.requests.progress(requestId, index);
    if (state?.status !== 'MessageWaiting') return;
    const sms = queued ?? await this.read(requestId, index);
    if (!sms) return;
    const accepted = sentAs ?? (rerun ? await this.requests.storedAcceptance(requestId, index) : undefined);
    if (accepted) return this.record(requestId, index, sms, { providerMessageId: accepted });
    if (sms.expiresAt && Date.parse(sms.expiresAt) < Date.now()) return this.fail(requestId, index, 'expired before it could be sent');
    let result: SubmitResult;
    try {
      const provider = await this.providers.get(sms.tenant);
      result = await provider.send({
        deliveryId: deliveryId(requestId, index), tenant: sms.tenant, senderAddress: sms.senderAddress,
        senderName: sms.senderName, address: sms.address, text: sms.text,
      });
    } catch (err) {
      const reason = (err as Error).message || String(err);
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
