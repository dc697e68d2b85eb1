import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { ApplyReceipt } from '../application/apply-receipt';
import { DeliverSms } from '../application/deliver-sms';
import { NotifyReceipt } from '../application/notify-receipt';
import { EVENTS_QUEUE, EventJob, SEND_QUEUE, SendJob, SmsQueues } from './sms-queues';

/** Runs the queues' jobs (deliveries stored but never queued are found by `WaitingSweep`). */
@Injectable()
export class SmsWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SmsWorkers');
  private workers: Worker[] = [];

  constructor(
    private readonly queues: SmsQueues,
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
  }

  private event(job: Job<EventJob>): Promise<void> {
    const data = job.data;
    return data.kind === 'receipt' ? this.receipts.run(data.tenant, data.receipt) : this.notify.run(data.requestId, data.index);
  }

  async onApplicationShutdown() {
    await Promise.all(this.workers.map((w) => w.close().catch(() => undefined)));
  }
}
