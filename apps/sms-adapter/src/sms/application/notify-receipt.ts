import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest } from 'undici';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { notifyUrlProblem } from '../domain/notify-url';
import { telUri } from '../domain/phone-address';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';

const TIMEOUT_MS = 5000;

/**
 * POSTs a delivery's status to the request's `receiptRequest.notifyUrl` in the OneAPI
 * `deliveryInfoNotification` shape with its `callbackData`. A non-2xx answer or no answer is
 * thrown, to be retried; a target that became private (DNS) is given up.
 */
@Injectable()
export class NotifyReceipt {
  constructor(private readonly requests: SmsRequestRepository, @Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig) {}

  async run(requestId: string, index: number): Promise<void> {
    const request = await this.requests.find(requestId);
    const delivery = request?.deliveries[index];
    if (!request?.notifyUrl || !delivery) return;
    if (await notifyUrlProblem(request.notifyUrl, this.config.BERTH_SMS_ALLOW_PRIVATE_URLS)) return;
    const body = {
      deliveryInfoNotification: {
        ...(request.callbackData == null ? {} : { callbackData: request.callbackData }),
        deliveryInfo: { address: telUri(delivery.address), deliveryStatus: delivery.status },
      },
    };
    const res = await httpRequest(request.notifyUrl, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
    });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`notifyUrl answered ${res.statusCode}`);
  }
}
