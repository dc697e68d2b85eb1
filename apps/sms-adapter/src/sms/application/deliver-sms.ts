import { Inject, Injectable, Logger } from '@nestjs/common';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { ProviderRejectedError, SubmitResult } from '../../providers/sms-provider';
import { deliveryId } from '../domain/sms-request';
import { ProviderRegistry } from '../infrastructure/provider-registry';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { SendJob, SmsQueues } from '../infrastructure/sms-queues';

/**
 * Submits one delivery to the tenant's provider, once: a delivery no longer `MessageWaiting` is
 * left alone, and one the provider already accepted (noted in Redis right after its answer) is
 * only recorded. The acceptance is noted in the store and in Redis independently, so that either
 * one, when the other is out of reach, keeps a retry from sending the message again (the fault run
 * sent SMS twice with Redis stopped); a retry completes the Redis note receipts need. A rejection,
 * an expired message or the last failed attempt to send ends it `DeliveryImpossible` with the
 * reason stored; any other failure is thrown to be retried.
 */
@Injectable()
export class DeliverSms {
  private readonly logger = new Logger('DeliverSms');

  constructor(
    private readonly requests: SmsRequestRepository, private readonly providers: ProviderRegistry, private readonly queues: SmsQueues,
    @Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig,
  ) {}

  async run({ requestId, index }: SendJob, attempt: number): Promise<void> {
    const request = await this.requests.find(requestId);
    const delivery = request?.deliveries[index];
    if (!request || !delivery) return;
    if (delivery.status !== 'MessageWaiting') {
      if (delivery.providerMessageId) await this.requests.linkProviderMessage(request.tenant, delivery.providerMessageId, requestId, index);
      return;
    }
    const sentAs = await this.requests.sentAs(requestId, index);
    if (sentAs) {
      await this.requests.changeDelivery(requestId, index, { status: 'DeliveredToNetwork', providerMessageId: sentAs }, 'MessageWaiting');
      return;
    }
    if (request.expiresAt && Date.parse(request.expiresAt) < Date.now()) return this.fail(requestId, index, 'expired before it could be sent');
    let result: SubmitResult;
    try {
      const provider = await this.providers.get(request.tenant);
      result = await provider.send({
        deliveryId: deliveryId(requestId, index), tenant: request.tenant, senderAddress: request.senderAddress,
        senderName: request.senderName, address: delivery.address, text: request.message,
      });
    } catch (err) {
      const reason = (err as Error).message || String(err);
      if (err instanceof ProviderRejectedError) return this.fail(requestId, index, `rejected by the provider: ${reason}`);
      if (attempt >= this.config.BERTH_SMS_ATTEMPTS) return this.fail(requestId, index, `not delivered after ${attempt} attempts: ${reason}`);
      this.logger.warn(`Delivery ${deliveryId(requestId, index)} attempt ${attempt} failed, retrying: ${reason}`);
      throw err;
    }
    const noted = await Promise.allSettled([
      this.requests.changeDelivery(requestId, index, { status: result.status ?? 'DeliveredToNetwork', providerMessageId: result.providerMessageId }, 'MessageWaiting'),
      this.requests.linkProviderMessage(request.tenant, result.providerMessageId, requestId, index),
    ]);
    const failed = noted.find((n) => n.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async fail(requestId: string, index: number, reason: string) {
    if (await this.requests.changeDelivery(requestId, index, { status: 'DeliveryImpossible', reason })) await this.queues.enqueueNotify(requestId, index);
  }
}
