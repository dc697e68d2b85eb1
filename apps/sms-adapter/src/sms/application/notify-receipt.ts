import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Agent } from 'undici';
import { outboundAgent, OutboundPolicy } from '@berth/runtime';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { telUri } from '../domain/phone-address';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';

const TIMEOUT_MS = 5000;

/**
 * POSTs a delivery's status to the request's `receiptRequest.notifyUrl` in the OneAPI
 * `deliveryInfoNotification` shape with its `callbackData`. A non-2xx answer or no answer is
 * thrown, to be retried; so is a target the outbound guard refuses when connecting (its name now
 * resolving to a private address), like any unreachable one.
 */
@Injectable()
export class NotifyReceipt implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(private readonly requests: SmsRequestRepository, @Inject(SMS_CONFIG) config: SmsAdapterConfig) {
    this.agent = outboundAgent(OutboundPolicy.from(config), { connectTimeoutMs: TIMEOUT_MS, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  }

  async run(requestId: string, index: number): Promise<void> {
    const request = await this.requests.find(requestId);
    const delivery = request?.deliveries[index];
    if (!request?.notifyUrl || !delivery) return;
    const body = {
      deliveryInfoNotification: {
        ...(request.callbackData == null ? {} : { callbackData: request.callbackData }),
        deliveryInfo: { address: telUri(delivery.address), deliveryStatus: delivery.status },
      },
    };
    const url = new URL(request.notifyUrl);
    const res = await this.agent.request({
      origin: url.origin, path: url.pathname + url.search, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`notifyUrl answered ${res.statusCode}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
