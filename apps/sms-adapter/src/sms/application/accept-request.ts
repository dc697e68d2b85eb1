import { Injectable } from '@nestjs/common';
import { SmsRequestDocument } from '../domain/sms-request';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { SmsQueues } from '../infrastructure/sms-queues';

/**
 * Stores a request and queues its deliveries. Storing twice (same id) keeps the first request,
 * and queueing again is a no-op for deliveries already queued or done: safe to repeat.
 */
@Injectable()
export class AcceptRequest {
  constructor(private readonly requests: SmsRequestRepository, private readonly queues: SmsQueues) {}

  async run(doc: SmsRequestDocument): Promise<SmsRequestDocument> {
    const { request } = await this.requests.insert(doc);
    await this.queues.enqueueDeliveries(request);
    return request;
  }
}
