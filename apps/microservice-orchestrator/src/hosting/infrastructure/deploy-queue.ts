import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';

/** One deploy job: start replica `slot` of a deployment's `revision`. */
export interface DeployJob { deploymentId: string; revision: string; slot: number }

/** What runs a deploy job; `final` is true on its last attempt. A `PermanentDeployError` is never retried. */
export type DeployHandler = (job: DeployJob, attempt: number, final: boolean) => Promise<string>;

/** A deploy that cannot succeed as it is (broken binary or image): retrying will not help. */
export class PermanentDeployError extends Error {}

/**
 * Deploy steps as BullMQ jobs (`<prefix>:bull:orchestrator-deploy`), retried with exponential
 * back-off. The job id names the deployment, revision and replica slot, so asking twice for the
 * same start while one is queued, running or retrying adds nothing. A job whose worker died is
 * taken over by another worker once its lock lapses (stalled-job check), so a killed
 * orchestrator's deploy is finished by the next one.
 */
@Injectable()
export class DeployQueue implements OnModuleInit, OnApplicationShutdown {
  private queue?: Queue<DeployJob>;
  private worker?: Worker<DeployJob>;
  private handler?: DeployHandler;
  private readonly settled: Array<() => void> = [];
  private readonly connections: Redis[] = [];

  constructor(@Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig, @Inject(PINO) private readonly logger: Logger) {}

  /** Sets what runs the jobs (the deployer) and who hears of every job done or failed for good (the reconciler). */
  handle(handler: DeployHandler): void { this.handler = handler; }
  onSettled(listener: () => void): void { this.settled.push(listener); }

  onModuleInit() {
    const connection = () => {
      const redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
      this.connections.push(redis);
      return redis;
    };
    const prefix = `${this.config.BERTH_DB_PREFIX}:bull`;
    this.queue = new Queue<DeployJob>('orchestrator-deploy', { connection: connection(), prefix });
    this.worker = new Worker<DeployJob>('orchestrator-deploy', (job) => this.run(job), {
      connection: connection(), prefix, concurrency: this.config.BERTH_DEPLOY_CONCURRENCY, lockDuration: 15_000, stalledInterval: 5_000, maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.warn({ err }, 'deploy worker error'));
    const notify = () => { for (const l of this.settled) l(); };
    this.worker.on('completed', notify);
    this.worker.on('failed', (job, err) => {
      if (!job || err.name === UnrecoverableError.name || job.attemptsMade >= (job.opts.attempts ?? 1)) notify();
    });
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  /** Queues the start of replica `slot` of `d` unless one is already queued or running. */
  async enqueue(d: DeploymentDocument, slot: number): Promise<void> {
    await this.queue!.add('deploy', { deploymentId: d._id, revision: d.revision, slot }, {
      jobId: `${d._id.replace(/:/g, '_')}@${d.revision}#${slot}`,
      attempts: this.config.BERTH_DEPLOY_ATTEMPTS, backoff: { type: 'exponential', delay: this.config.BERTH_DEPLOY_BACKOFF_MS },
      removeOnComplete: true, removeOnFail: true,
    });
  }

  private async run(job: Job<DeployJob>): Promise<string> {
    const attempt = job.attemptsMade + 1;
    try {
      return await this.handler!(job.data, attempt, attempt >= (job.opts.attempts ?? 1));
    } catch (err) {
      if (err instanceof PermanentDeployError) throw new UnrecoverableError(err.message);
      throw err;
    }
  }
}
