import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import pino from 'pino';
import { eventually } from '@berth/testing';
import type { OrchestratorConfig } from '../src/config/microservice-orchestrator.env';
import { DeployJob, DeployQueue, PermanentDeployError } from '../src/hosting/infrastructure/deploy-queue';
import type { DeploymentDocument } from '../src/hosting/domain/deployment';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deployment = (id: string) => ({ _id: id, revision: 'r1' }) as DeploymentDocument;

/** The deploy queue on the real Redis: retries with back-off, one job per slot, no retry of a permanent failure. */
describe('DeployQueue (BullMQ on Redis)', () => {
  let queue: DeployQueue;
  const calls: Array<{ job: DeployJob; attempt: number; final: boolean; at: number }> = [];
  let behaviour: (job: DeployJob, attempt: number) => Promise<string> = async () => 'ok';
  let settled = 0;
  /** The same queue seen from outside, to read which jobs are still to run. */
  let jobs: Queue;
  let redis: Redis;
  /** Jobs that could still run: none once every job settled for good, so nothing can run later. */
  const runnable = () => jobs.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'paused');

  beforeAll(() => {
    const config = {
      REDIS_URL: process.env.REDIS_URL, BERTH_DB_PREFIX: `q${randomBytes(4).toString('hex')}`,
      BERTH_DEPLOY_ATTEMPTS: 3, BERTH_DEPLOY_BACKOFF_MS: 200, BERTH_DEPLOY_CONCURRENCY: 2,
    } as OrchestratorConfig;
    queue = new DeployQueue(config, pino({ level: 'silent' }));
    queue.handle(async (job, attempt, final) => {
      calls.push({ job, attempt, final, at: Date.now() });
      return behaviour(job, attempt);
    });
    queue.onSettled(() => { settled += 1; });
    queue.onModuleInit();
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    jobs = new Queue('orchestrator-deploy', { connection: redis, prefix: `${config.BERTH_DB_PREFIX}:bull` });
  });

  afterAll(async () => {
    await jobs.close();
    await redis.quit();
    await queue.onApplicationShutdown();
  });

  beforeEach(() => { calls.length = 0; settled = 0; });

  const until = (count: number) => eventually(() => settled, (n) => n === count, { timeoutMs: 15000, what: `${count} settled jobs` });

  it('retries a failing step with growing delays and tells the last attempt it is the last', async () => {
    behaviour = async (_job, attempt) => { if (attempt < 3) throw new Error(`engine busy ${attempt}`); return 'ok'; };
    await queue.enqueue(deployment('a'), 0);
    await until(1);
    expect(calls.map((c) => [c.attempt, c.final])).toEqual([[1, false], [2, false], [3, true]]);
    const gaps = [calls[1].at - calls[0].at, calls[2].at - calls[1].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(150);
    expect(gaps[1]).toBeGreaterThanOrEqual(350);
  });

  it('runs one job for the same slot however often it is asked, and one per other slot', async () => {
    behaviour = async () => { await sleep(300); return 'ok'; };
    await Promise.all([queue.enqueue(deployment('b'), 0), queue.enqueue(deployment('b'), 0), queue.enqueue(deployment('b'), 1)]);
    await queue.enqueue(deployment('b'), 0);
    await until(2);
    expect(await runnable()).toEqual({ waiting: 0, delayed: 0, active: 0, prioritized: 0, paused: 0 });
    expect(calls.map((c) => c.job.slot).sort()).toEqual([0, 1]);
  });

  it('does not retry a permanent failure', async () => {
    behaviour = async () => { throw new PermanentDeployError('image.tar is broken'); };
    await queue.enqueue(deployment('c'), 0);
    await until(1);
    // A retry would be scheduled (delayed) when the attempt fails: there is none.
    expect(await runnable()).toEqual({ waiting: 0, delayed: 0, active: 0, prioritized: 0, paused: 0 });
    expect(calls.map((c) => c.attempt)).toEqual([1]);
  });
});
