import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { ApplyReceipt } from '../application/apply-receipt';
import { DeliverSms } from '../application/deliver-sms';
import { NotifyReceipt } from '../application/notify-receipt';
import { SmsRequestRepository } from './sms-request.repository';
import { EVENTS_QUEUE, EventJob, SEND_QUEUE, SendJob, SmsQueues } from './sms-queues';

const SWEEP_EVERY_MS = 60_000;
const SWEEP_AGE_MS = 15_000;
const SWEEP_WINDOW_MS = 24 * 3600_000;

/**
 * Runs the queues' jobs. A sweep (at start and every minute) re-adds the jobs of deliveries of the
 * last day still waiting after 15 s: a request stored by an instance that died before queueing is sent still,
 * and the job ids keep a queued one from running twice.
 */
@Injectable()
export class SmsWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SmsWorkers');
  private workers: Worker[] = [];
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly queues: SmsQueues, private readonly requests: SmsRequestRepository,
    private readonly deliver: DeliverSms, private readonly receipts: ApplyReceipt, private readonly notify: NotifyReceipt,
    @Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig,
  ) {}

  onApplicationBootstrap() {
    const common = { connection: this.queues.connection, prefix: this.queues.prefix };
    this.workers = [
      new Worker<SendJob>(SEND_QUEUE, (job) => this.deliver.run(job.data, job.attemptsMade + 1, job.attemptsMade > 0 || job.stalledCounter > 0), { ...common, concurrency: this.config.BERTH_SMS_CONCURRENCY }),
      new Worker<EventJob>(EVENTS_QUEUE, (job) => this.event(job), { ...common, concurrency: this.config.BERTH_SMS_CONCURRENCY }),
    ];
    for (const worker of this.workers) worker.on('error', (err) => this.logger.warn(`Queue worker: ${err.message}`));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    void this.sweep();
  }

  private event(job: Job<EventJob>): Promise<void> {
    const data = job.data;
    return data.kind === 'receipt' ? this.receipts.run(data.tenant, data.receipt) : this.notify.run(data.requestId, data.index);
  }

  private async sweep() {
    try {
      for (const request of await this.requests.waiting(new Date(Date.now() - SWEEP_WINDOW_MS), new Date(Date.now() - SWEEP_AGE_MS), 500)) await this.queues.enqueueDeliveries(request);
    } catch (err) {
      this.logger.warn(`Sweep of waiting deliveries failed: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown() {
    clearInterval(this.sweeper);
    await Promise.all(this.workers.map((w) => w.close().catch(() => undefined)));
  }
}
