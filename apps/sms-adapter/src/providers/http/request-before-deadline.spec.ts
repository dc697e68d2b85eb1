import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, buildConnector } from '@berth/runtime';
import { fakeOnlyTheClock } from '@berth/testing';
import { MessageExpiredError } from '../sms-provider';
import { requestBeforeDeadline } from './request-before-deadline';

/**
 * The HTTP providers' submit against a real server, through an agent whose connections are held
 * until the test releases them (a slow connect): nothing is written once the message's deadline passed.
 */
describe('requestBeforeDeadline', () => {
  let server: Server;
  let origin: string;
  const received: string[] = [];
  const connect = buildConnector({});
  let held: Array<() => void> = [];
  let hold = true;
  let agent: InstanceType<typeof Agent>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => { received.push(body); res.end('ok'); });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    received.length = 0;
    held = [];
    hold = true;
    agent = new Agent({ connect: (opts, callback) => (hold ? held.push(() => connect(opts, callback)) : connect(opts, callback)) });
  });
  afterEach(async () => {
    jest.useRealTimers();
    await agent.close();
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (deliveryId: string, notAfter?: number) =>
    requestBeforeDeadline(agent, { deliveryId, notAfter }, { origin, path: '/', method: 'POST', body: deliveryId }).then(async (res) => res.body.text());

  /** Lets the held connections through; a later message through the same agent is the barrier after which absence is checked. */
  async function releaseAndSendBarrier(): Promise<void> {
    hold = false;
    for (const release of held.splice(0)) release();
    expect(await post('barrier')).toBe('ok');
  }

  it('a wait for the connection ends at the deadline; the connection that comes later carries nothing', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const outcome = post('d-slow-connect', Date.now() + 1000).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(MessageExpiredError);
    jest.useRealTimers();

    await releaseAndSendBarrier();
    expect(received).toEqual(['barrier']);
  });

  it('is checked once the connection is ready: a deadline that passed while connecting stops the request before a byte is written', async () => {
    fakeOnlyTheClock();
    const notAfter = Date.now() + 60_000;
    const outcome = post('d-connected-late', notAfter).catch((e: unknown) => e);
    await new Promise((resolve) => setImmediate(resolve));
    jest.setSystemTime(notAfter + 1);
    hold = false;
    for (const release of held.splice(0)) release();
    expect(await outcome).toBeInstanceOf(MessageExpiredError);

    await releaseAndSendBarrier();
    expect(received).toEqual(['barrier']);
  });

  it('sends a message before its deadline, and one without a deadline', async () => {
    hold = false;
    expect(await post('d-in-time', Date.now() + 60_000)).toBe('ok');
    expect(await post('d-no-deadline')).toBe('ok');
    expect(received).toEqual(['d-in-time', 'd-no-deadline']);
  });
});
