import { eventually, fakeOnlyTheClock } from '@berth/testing';
import { FakeProviderA, RecordingSink } from '../../../test/fakes';
import { ProviderRetryLaterError } from '../http/provider-failure';
import { MessageExpiredError, OutboundSms, ProviderRejectedError, ProviderUnavailableError, SmsProvider } from '../sms-provider';
import { createHttpAProviderFactory } from './http-a.provider-factory';
import { HttpAProvider } from './http-a.provider';
import { OutboundPolicy } from '@berth/runtime';

/** The fake providers listen on 127.0.0.1. */
const LOCAL = new OutboundPolicy(true);

const sms = (deliveryId: string, extra: Partial<OutboundSms> = {}): OutboundSms => ({
  deliveryId, tenant: 't1', senderAddress: '+4915100000001', senderName: 'Berth', address: '+4915100000002', text: 'hello', ...extra,
});

/** Provider A against its fake, over real HTTP; the sink records what the provider reports. */
describe('HTTP provider A', () => {
  const fake = new FakeProviderA();
  const warnings: string[] = [];
  const factory = createHttpAProviderFactory({ timeoutMs: 5000, pollIntervalMs: 0, outbound: LOCAL, warn: (m) => warnings.push(m) });
  const polling = createHttpAProviderFactory({ timeoutMs: 5000, pollIntervalMs: 40, outbound: LOCAL, warn: (m) => warnings.push(m) });
  const open: SmsProvider[] = [];
  const make = (f = factory, settings = fake.settings(), sink = new RecordingSink()) => {
    const provider = f.create('t1', settings, sink);
    open.push(provider);
    return { provider, sink };
  };

  beforeAll(() => fake.start());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('can list received messages but not fetch one', () => {
    expect(make().provider.supports).toEqual({ receiveAll: true, receiveOne: false });
  });

  it('submits with Basic auth and the message fields, and returns the gateway id', async () => {
    const { provider } = make();
    const result = await provider.send(sms('d-send-1'));
    const sent = fake.submitted.find((m) => m.reference === 'd-send-1');
    expect(sent).toEqual({ id: result.providerMessageId, from: '+4915100000001', to: '+4915100000002', text: 'hello', reference: 'd-send-1', senderName: 'Berth' });
    const auth = fake.server.requestsTo('POST', /\/messages$/).at(-1)?.headers.authorization;
    expect(Buffer.from(String(auth).replace('Basic ', ''), 'base64').toString()).toBe(`${fake.username}:${fake.password}`);
  });

  it('sends a retried delivery once: the reference makes the gateway answer the first id', async () => {
    const { provider } = make();
    const first = await provider.send(sms('d-retry'));
    const second = await provider.send(sms('d-retry'));
    expect(second.providerMessageId).toBe(first.providerMessageId);
    expect(fake.submitted.filter((m) => m.reference === 'd-retry')).toHaveLength(1);
  });

  describe('maps refusals to ProviderRejectedError with the reason', () => {
    it.each([
      ['a bad number (400)', sms('d-bad', { address: '12345' }), /400 INVALID_NUMBER: "to" is not an E.164 number/],
      ['an empty text (422)', sms('d-empty', { text: '' }), /422 EMPTY_TEXT/],
    ])('%s', async (_name, message, reason) => {
      const error = await make().provider.send(message).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toMatch(reason);
    });

    it('wrong credentials (401)', async () => {
      const error = await make(factory, fake.settings({ password: 'wrong' })).provider.send(sms('d-401')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toMatch(/401 UNAUTHORIZED: bad credentials/);
      expect(error.message).not.toContain('wrong');
    });

    it('a wrong baseUrl path (404)', async () => {
      const error = await make(factory, fake.settings({ baseUrl: `${fake.server.url}/nope` })).provider.send(sms('d-404')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toMatch(/404 NOT_FOUND/);
    });

    it('a provider on a private address, with the outbound guard on (the default): no retry reaches it either', async () => {
      const before = fake.server.requests.length;
      const error = await make(createHttpAProviderFactory({ timeoutMs: 1000, pollIntervalMs: 0, outbound: new OutboundPolicy(false) })).provider.send(sms('d-private')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toMatch(/refused: 127\.0\.0\.1, a private or loopback address/);
      expect(fake.server.requests.length).toBe(before);
    });

    it('a missing setting, naming it, before any call', async () => {
      const before = fake.server.requests.length;
      const { password: _, ...settings } = fake.settings();
      const error = await make(factory, settings).provider.send(sms('d-nopass')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-a: setting "password" is not configured');
      expect(fake.server.requests.length).toBe(before);
    });
  });

  describe("the message's deadline (only the clock is fake)", () => {
    afterEach(() => jest.useRealTimers());

    it('a message past its notAfter is not submitted: MessageExpiredError, and no request reaches the gateway', async () => {
      fakeOnlyTheClock();
      const { provider } = make();
      const notAfter = Date.now() + 1000;
      jest.setSystemTime(notAfter + 1);
      const error = await provider.send(sms('d-expired', { notAfter })).catch((e) => e);
      expect(error).toBeInstanceOf(MessageExpiredError);
      expect(fake.server.requestsTo('POST', /\/messages$/).filter((r) => r.body.includes('d-expired'))).toEqual([]);
    });

    it('a message at its notAfter still goes', async () => {
      fakeOnlyTheClock();
      const { provider } = make();
      const notAfter = Date.now() + 1000;
      jest.setSystemTime(notAfter);
      const result = await provider.send(sms('d-just-in-time', { notAfter }));
      expect(fake.submitted.find((m) => m.reference === 'd-just-in-time')?.id).toBe(result.providerMessageId);
    });
  });

  describe('maps temporary failures to ProviderUnavailableError', () => {
    it('a 500', async () => {
      fake.server.fail({ status: 500, path: /\/messages$/ });
      const error = await make().provider.send(sms('d-500')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error).not.toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toMatch(/^http-a: 500/);
    });

    it('a 429 with Retry-After in seconds, exposed as retryAfterMs', async () => {
      fake.server.fail({ status: 429, path: /\/messages$/, headers: { 'retry-after': '7' } });
      const error = await make().provider.send(sms('d-429')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRetryLaterError);
      expect(error.retryAfterMs).toBe(7000);
    });

    it('a 503 with Retry-After as an HTTP date', async () => {
      fakeOnlyTheClock(new Date('2026-01-01T00:00:00Z'));
      try {
        fake.server.fail({ status: 503, path: /\/messages$/, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:01:00 GMT' } });
        const error = await make().provider.send(sms('d-503')).catch((e) => e);
        expect(error).toBeInstanceOf(ProviderRetryLaterError);
        expect(error.retryAfterMs).toBe(60_000);
      } finally {
        jest.useRealTimers();
      }
    });

    it('a refused connection', async () => {
      await fake.stop();
      const error = await make().provider.send(sms('d-down')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toMatch(/unreachable \(ECONNREFUSED\)/);
    });

    it('no answer within the timeout', async () => {
      fake.server.fail({ status: 200, path: /\/messages$/, hang: true });
      const error = await make(createHttpAProviderFactory({ timeoutMs: 300, pollIntervalMs: 0, outbound: LOCAL })).provider.send(sms('d-hang')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toMatch(/timed out/);
    });

    it('a 2xx without an id', async () => {
      fake.server.fail({ status: 202, path: /\/messages$/, body: { status: 'accepted' } });
      const error = await make().provider.send(sms('d-noid')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toMatch(/without a message id/);
    });
  });

  describe('polling', () => {
    beforeEach(() => {
      fake.inbound.length = 0;
      fake.receipts.length = 0;
    });
    const inboundPolls = () => fake.server.requestsTo('GET', /\/messages\/inbound$/).length;
    const WITNESS = `Basic ${Buffer.from(`witness:${fake.password}`).toString('base64')}`;
    const notTheWitness = () => fake.server.requests.filter((r) => r.headers.authorization !== WITNESS).length;
    /**
     * Starts a second provider that polls on the same interval under a user the fake does not know (refused,
     * it keeps polling), and waits for its third poll: time for any provider still polling to poll as well.
     */
    const aWitnessPollsThrice = async () => {
      make(polling, fake.settings({ username: 'witness' }));
      const polls = () => fake.server.requestsTo('GET', /\/messages\/inbound$/).filter((r) => r.headers.authorization === WITNESS).length;
      await eventually(polls, (n) => n >= 3, { what: 'three polls of the witness' });
    };

    it('hands each inbound message to the sink exactly once across polls and pages', async () => {
      for (let i = 0; i < 150; i++) fake.receive(`+4917000000${String(i).padStart(3, '0')}`, '+4915100000001', `early ${i}`);
      const { sink } = make(polling);
      await eventually(() => sink.inbounds.length, (n) => n >= 150, { timeoutMs: 10_000, what: '150 inbound messages' });
      fake.receive('+4917000000999', '+4915100000001', 'late');
      await eventually(() => sink.inbounds.length, (n) => n >= 151, { timeoutMs: 10_000, what: 'the late message' });
      const polls = inboundPolls();
      await eventually(() => inboundPolls(), (n) => n >= polls + 3, { timeoutMs: 10_000, what: 'three more polls' });
      expect(sink.inbounds.map((m) => m.message)).toEqual([...Array.from({ length: 150 }, (_, i) => `early ${i}`), 'late']);
      const late = fake.inbound.at(-1)!;
      expect(sink.inbounds.at(-1)).toEqual({ providerMessageId: late.id, senderAddress: '+4917000000999', destinationAddress: '+4915100000001', message: 'late', dateTime: late.receivedAt });
    });

    it('offers a message again when the sink failed, without skipping or repeating others', async () => {
      fake.receive('+4917000000001', '+4915100000001', 'one');
      const { sink } = make(polling);
      await eventually(() => sink.inbounds.length, (n) => n === 1);
      sink.failNext(1);
      fake.receive('+4917000000002', '+4915100000001', 'two');
      fake.receive('+4917000000003', '+4915100000001', 'three');
      await eventually(() => sink.inbounds.length, (n) => n >= 3);
      const polls = inboundPolls();
      await eventually(() => inboundPolls(), (n) => n >= polls + 2);
      expect(sink.inbounds.map((m) => m.message)).toEqual(['one', 'two', 'three']);
      expect(warnings.some((w) => w.includes('sink unavailable'))).toBe(true);
    });

    it('maps receipts to OneAPI statuses, skipping the ones that say nothing yet', async () => {
      const { provider, sink } = make(polling);
      const { providerMessageId: id } = await provider.send(sms('d-receipts'));
      fake.report(id, 'accepted');
      fake.report(id, 'sent');
      fake.report(id, 'failed', 'absent subscriber');
      await eventually(() => sink.receipts.length, (n) => n >= 2);
      const polls = fake.server.requestsTo('GET', /\/receipts$/).length;
      await eventually(() => fake.server.requestsTo('GET', /\/receipts$/).length, (n) => n >= polls + 2);
      expect(sink.receipts).toEqual([
        { providerMessageId: id, address: '+4915100000002', status: 'DeliveredToNetwork' },
        { providerMessageId: id, address: '+4915100000002', status: 'DeliveryImpossible', reason: 'absent subscriber' },
      ]);
    });

    it('skips a malformed inbound item with a warning and goes on with the next', async () => {
      fake.inbound.push({ id: 'in-broken', from: '+4917000000006', to: '', text: 'no receiver', receivedAt: 'yesterday' });
      fake.receive('+4917000000007', '+4915100000001', 'fine');
      warnings.length = 0;
      const { sink } = make(polling);
      await eventually(() => sink.inbounds.length, (n) => n === 1);
      expect(sink.inbounds[0].message).toBe('fine');
      expect(warnings).toContain('http-a: skipped inbound item in-broken: a field is missing or malformed');
    });

    it('carries on after the gateway was unreachable', async () => {
      const { sink } = make(polling);
      await eventually(() => inboundPolls(), (n) => n > 0);
      await fake.stop();
      warnings.length = 0;
      await eventually(() => warnings, (seen) => seen.some((w) => /polling failed: .*ECONNREFUSED/.test(w)), { timeoutMs: 10_000, what: 'a polling warning' });
      await fake.start();
      fake.receive('+4917000000004', '+4915100000001', 'after the outage');
      await eventually(() => sink.inbounds.length, (n) => n === 1, { timeoutMs: 10_000, what: 'the message after the outage' });
      expect(warnings.join('\n')).not.toContain(fake.password);
    });

    it('stops with close(): no more calls, nothing more reaches the sink', async () => {
      const { provider, sink } = make(polling);
      await eventually(() => inboundPolls(), (n) => n > 0);
      expect((provider as HttpAProvider).polling).toBe(true);
      await provider.close();
      expect((provider as HttpAProvider).polling).toBe(false);
      const calls = notTheWitness();
      fake.receive('+4917000000005', '+4915100000001', 'after close');
      await aWitnessPollsThrice();
      expect(notTheWitness()).toBe(calls);
      expect(sink.inbounds).toEqual([]);
    });

    it('does not poll when the interval is 0', async () => {
      const before = notTheWitness();
      const { provider } = make(factory);
      expect((provider as HttpAProvider).polling).toBe(false);
      await aWitnessPollsThrice();
      expect(notTheWitness()).toBe(before);
    });
  });
});
