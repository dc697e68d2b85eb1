import { OutboundPolicy } from '@berth/runtime';
import { eventually, fakeOnlyTheClock, freePort, TestSmsc } from '@berth/testing';
import { RecordingSink } from '../../../test/fakes';
import { MessageExpiredError, OutboundSms, ProviderUnavailableError, SmsProvider } from '../sms-provider';
import { SmppProviderFactory } from './smpp-provider.factory';

const PASSWORD = 'deadline-pw';
const factory = new SmppProviderFactory(new OutboundPolicy(true));
const sms = (deliveryId: string, extra: Partial<OutboundSms> = {}): OutboundSms => ({
  deliveryId, tenant: 't1', senderAddress: '+4915100000001', address: '+4915100000002', text: `text of ${deliveryId}`, ...extra,
});

/** The SMPP provider and a message's `notAfter`, against the test SMSC over real SMPP. */
describe('SMPP provider: the message deadline', () => {
  let port: number;
  let provider: SmsProvider | undefined;

  beforeEach(async () => {
    port = await freePort();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await provider?.close();
    provider = undefined;
  });

  it('ends the wait for a bind at the deadline, with MessageExpiredError, and never submits it when the SMSC comes later', async () => {
    // Every timer is fake (the reconnect back-off, the bind wait); sockets stay real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    provider = factory.create('t1', { host: '127.0.0.1', port: String(port), systemId: 't1', password: PASSWORD }, new RecordingSink());
    const outcome = provider.send(sms('d-late', { notAfter: Date.now() + 2000 })).then(() => 'sent', (e: unknown) => e);
    await jest.advanceTimersByTimeAsync(2000);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(MessageExpiredError);

    const smsc = new TestSmsc({ port, password: PASSWORD });
    await smsc.start();
    try {
      await jest.advanceTimersByTimeAsync(60_000);
      jest.useRealTimers();
      await eventually(() => smsc.isBound('t1'), (b) => b, { what: 'the provider bound to the SMSC' });
      await provider.send(sms('d-barrier'));
      expect(smsc.submits.map((s) => s.text)).toEqual(['text of d-barrier']);
    } finally {
      await smsc.stop();
    }
  });

  it('without a deadline waits the whole bind wait and fails as unavailable', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    provider = factory.create('t1', { host: '127.0.0.1', port: String(port), systemId: 't1', password: PASSWORD }, new RecordingSink());
    const outcome = provider.send(sms('d-none')).then(() => 'sent', (e: unknown) => e);
    await jest.advanceTimersByTimeAsync(4999);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ProviderUnavailableError);
  });

  it('checks the deadline right before submit_sm leaves: one that passed while the submit was being noted is not submitted', async () => {
    const server = new TestSmsc({ port, password: PASSWORD });
    await server.start();
    try {
      provider = factory.create('t1', { host: '127.0.0.1', port: String(port), systemId: 't1', password: PASSWORD }, new RecordingSink());
      await eventually(() => server.isBound('t1'), (b) => b, { what: 'the provider bound to the SMSC' });
      // Only the clock is fake: the note before the submit (awaited) takes the message past its deadline.
      fakeOnlyTheClock();
      const error = await provider.send(sms('d-noted-late', {
        notAfter: Date.now() + 1000, reference: 7, submitting: async () => { jest.setSystemTime(Date.now() + 1001); },
      })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MessageExpiredError);

      const sent = await provider.send(sms('d-in-time', { notAfter: Date.now() + 1000, reference: 8, submitting: async () => { jest.setSystemTime(Date.now() + 1000); } }));
      expect(sent.status).toBe('DeliveredToNetwork');
      expect(server.submits.map((s) => s.text)).toEqual(['text of d-in-time']);
    } finally {
      await server.stop();
    }
  });
});
