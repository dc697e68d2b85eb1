import { randomBytes } from 'node:crypto';
import pino from 'pino';
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
  });

  afterAll(() => queue.onApplicationShutdown());

  beforeEach(() => { calls.length = 0; settled = 0; });

  const until = async (check: () => boolean, ms = 15000) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await sleep(50);
  };

  it('retries a failing step with growing delays and tells the last attempt it is the last', async () => {
    behaviour = async (_job, attempt) => { if (attempt < 3) throw new Error(`engine busy ${attempt}`); return 'ok'; };
    await queue.enqueue(deployment('a'), 0);
    await until(() => settled === 1);
    expect(calls.map((c) => [c.attempt, c.final])).toEqual([[1, false], [2, false], [3, true]]);
    const gaps = [calls[1].at - calls[0].at, calls[2].at - calls[1].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(150);
    expect(gaps[1]).toBeGreaterThanOrEqual(350);
  });

  it('runs one job for the same slot however often it is asked, and one per other slot', async () => {
    behaviour = async () => { await sleep(300); return 'ok'; };
    await Promise.all([queue.enqueue(deployment('b'), 0), queue.enqueue(deployment('b'), 0), queue.enqueue(deployment('b'), 1)]);
    await queue.enqueue(deployment('b'), 0);
    await until(() => settled === 2);
    await sleep(300);
    expect(calls.map((c) => c.job.slot).sort()).toEqual([0, 1]);
  });

  it('does not retry a permanent failure', async () => {
    behaviour = async () => { throw new PermanentDeployError('image.tar is broken'); };
    await queue.enqueue(deployment('c'), 0);
    await until(() => settled === 1);
    await sleep(700);
    expect(calls.map((c) => c.attempt)).toEqual([1]);
  });
});
