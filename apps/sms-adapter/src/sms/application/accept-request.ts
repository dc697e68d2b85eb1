import { Injectable, Logger } from '@nestjs/common';
import { SmsRequestDocument } from '../domain/sms-request';
import { SmsRequestRepository } from '../infrastructure/sms-request.repository';
import { SmsQueues } from '../infrastructure/sms-queues';
import { WaitingSweep } from '../infrastructure/waiting-sweep';

/** Longest wait for the deliveries to be queued before the request is answered anyway. */
const QUEUE_WAIT_MS = 2000;

/**
 * Stores a request and queues its deliveries. Storing twice (same id) keeps the first request,
 * and queueing again is a no-op for deliveries already queued or done: safe to repeat. The stored
 * request is what the answer promises: when Redis is out of reach the queueing goes on after the
 * answer (a failed queueing is retried by `WaitingSweep`), so an outage of Redis delays
 * the sending, not the answer (the fault run saw requests wait as long as the outage).
 */
@Injectable()
export class AcceptRequest {
  private readonly logger = new Logger('AcceptRequest');

  constructor(private readonly requests: SmsRequestRepository, private readonly queues: SmsQueues, private readonly sweep: WaitingSweep) {}

  async run(doc: SmsRequestDocument): Promise<SmsRequestDocument> {
    const { request } = await this.requests.insert(doc);
    const queued = this.queues.enqueueDeliveries(request)
      .catch((err: Error) => {
        this.logger.warn(`Request ${request._id} stored, its deliveries not queued yet (retried shortly): ${err.message}`);
        this.sweep.retryLater(request._id);
      });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([queued, new Promise((resolve) => { timer = setTimeout(resolve, QUEUE_WAIT_MS); })]);
    clearTimeout(timer);
    return request;
  }
}
