import { eventually, fakeOnlyTheClock } from '@berth/testing';
import { FakeProviderB, RecordingSink } from '../../../test/fakes';
import { ProviderRetryLaterError } from '../http/provider-failure';
import { MessageExpiredError, OutboundSms, ProviderRejectedError, ProviderUnavailableError, SmsProvider } from '../sms-provider';
import { createHttpBProviderFactory } from './http-b.provider-factory';
import { HttpBProvider } from './http-b.provider';
import { OutboundPolicy } from '@berth/runtime';

/** The fake providers listen on 127.0.0.1. */
const LOCAL = new OutboundPolicy(true);

const sms = (deliveryId: string, extra: Partial<OutboundSms> = {}): OutboundSms => ({
  deliveryId, tenant: 't1', senderAddress: '+4915100000001', senderName: 'Berth', address: '+4915100000002', text: 'hello', ...extra,
});

/** Provider B against its fake (token endpoint and OneAPI), over real HTTP. */
describe('HTTP provider B', () => {
  const fake = new FakeProviderB();
  const warnings: string[] = [];
  const factory = createHttpBProviderFactory({ timeoutMs: 5000, pollIntervalMs: 0, outbound: LOCAL, warn: (m) => warnings.push(m) });
  const polling = createHttpBProviderFactory({ timeoutMs: 5000, pollIntervalMs: 40, outbound: LOCAL, warn: (m) => warnings.push(m) });
  const open: SmsProvider[] = [];
  const make = (f = factory, settings = fake.settings(), sink = new RecordingSink()) => {
    const provider = f.create('t1', settings, sink);
    open.push(provider);
    return { provider, sink };
  };

  beforeAll(() => fake.start());
  beforeEach(() => {
    fake.tokenLifetimeSeconds = 3600;
    fake.server.requests.length = 0;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('can neither list nor fetch received messages', () => {
    expect(make().provider.supports).toEqual({ receiveAll: false, receiveOne: false });
  });

  it('sends the OneAPI request with a bearer token to the encoded sender path, and returns the request id', async () => {
    const { provider } = make();
    const result = await provider.send(sms('d-send'));
    expect(result).toEqual({ providerMessageId: fake.requests.at(-1)!.id });
    expect(fake.requests.at(-1)).toMatchObject({ senderAddress: 'tel:+4915100000001', address: ['tel:+4915100000002'], message: 'hello', senderName: 'Berth', clientCorrelator: 'd-send' });
    const call = fake.server.requestsTo('POST', /\/requests$/).at(-1)!;
    expect(call.path).toBe('/smsmessaging/v1/outbound/tel%3A%2B4915100000001/requests');
    expect(fake.tokens.has(String(call.headers.authorization).replace('Bearer ', ''))).toBe(true);
    expect(JSON.parse(call.body).outboundSMSMessageRequest.receiptRequest).toBeUndefined();
  });

  it('sends a retried delivery once: the clientCorrelator makes the provider answer the first request', async () => {
    const { provider } = make();
    const first = await provider.send(sms('d-retry'));
    expect(await provider.send(sms('d-retry'))).toEqual(first);
    expect(fake.requests.filter((r) => r.clientCorrelator === 'd-retry')).toHaveLength(1);
  });

  describe('the token', () => {
    it('is fetched once with the client credentials and reused across sends, also concurrent ones', async () => {
      const { provider } = make();
      await Promise.all([1, 2, 3, 4, 5].map((i) => provider.send(sms(`d-cache-${i}`))));
      await provider.send(sms('d-cache-6'));
      expect(fake.tokenRequests).toBe(1);
      const tokenCall = fake.server.requestsTo('POST', /\/oauth2\/token$/)[0];
      expect(tokenCall.body).toBe('grant_type=client_credentials');
      expect(Buffer.from(String(tokenCall.headers.authorization).replace('Basic ', ''), 'base64').toString()).toBe(`${fake.clientId}:${fake.clientSecret}`);
    });

    it('is renewed before it expires, without a refused call', async () => {
      // Only the clock is fake (the cache and the fake provider both read Date.now); the HTTP calls are real.
      fakeOnlyTheClock();
      try {
        fake.tokenLifetimeSeconds = 1;
        const { provider } = make();
        await provider.send(sms('d-expiry-1'));
        await provider.send(sms('d-expiry-1b'));
        expect(fake.tokenRequests).toBe(1);
        jest.setSystemTime(Date.now() + 1100);
        await provider.send(sms('d-expiry-2'));
        expect(fake.tokenRequests).toBe(2);
        expect(fake.server.requests.filter((r) => r.path.endsWith('/requests'))).toHaveLength(3);
      } finally {
        jest.useRealTimers();
      }
    });

    it('is renewed once after a 401, and the send repeated with the new one', async () => {
      const { provider } = make();
      await provider.send(sms('d-401-a'));
      fake.revokeTokens();
      await provider.send(sms('d-401-b'));
      expect(fake.tokenRequests).toBe(2);
      expect(fake.server.requestsTo('POST', /\/requests$/)).toHaveLength(3);
      expect(fake.requests.filter((r) => r.clientCorrelator === 'd-401-b')).toHaveLength(1);
    });
  });

  describe('maps refusals to ProviderRejectedError with the reason', () => {
    it('a bad address (400, OneAPI serviceException)', async () => {
      const error = await make().provider.send(sms('d-bad', { address: '12345' })).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-b: 400 SVC0002: Invalid input value for message part address');
    });

    it('a 401 that a fresh token does not cure', async () => {
      fake.server.fail({ status: 401, times: 2, path: /\/requests$/, body: { requestError: { policyException: { messageId: 'POL0001', text: 'Invalid or expired access token', variables: [] } } } });
      const error = await make().provider.send(sms('d-401-twice')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-b: 401 POL0001: Invalid or expired access token');
      expect(fake.tokenRequests).toBe(2);
    });

    it('a 403 policy refusal, without renewing the token', async () => {
      fake.server.fail({ status: 403, path: /\/requests$/, body: { requestError: { policyException: { messageId: 'POL0003', text: 'Too many addresses specified in message part %1', variables: ['address'] } } } });
      const error = await make().provider.send(sms('d-403')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-b: 403 POL0003: Too many addresses specified in message part address');
      expect(fake.tokenRequests).toBe(1);
    });

    it('wrong client credentials at the token endpoint, without leaking the secret', async () => {
      const error = await make(factory, fake.settings({ password: 'not-the-secret' })).provider.send(sms('d-client')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-b token: 401 invalid_client: Client authentication failed');
      expect(fake.server.requestsTo('POST', /\/requests$/)).toHaveLength(0);
    });

    it('a missing setting, naming it', async () => {
      const { authUrl: _, ...settings } = fake.settings();
      const error = await make(factory, settings).provider.send(sms('d-noauth')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect(error.message).toBe('http-b: setting "authUrl" is not configured');
    });
  });

  describe("the message's deadline (only the clock is fake)", () => {
    const TOKEN = /\/oauth2\/token$/;
    afterEach(() => {
      fake.server.onRequest = undefined;
      jest.useRealTimers();
    });

    it('is checked after the wait for a token: a message whose deadline passed meanwhile is not submitted', async () => {
      fakeOnlyTheClock();
      const { provider } = make();
      const notAfter = Date.now() + 1000;
      fake.server.onRequest = (r) => { if (TOKEN.test(r.path)) jest.setSystemTime(notAfter + 1); };
      const error = await provider.send(sms('d-token-late', { notAfter })).catch((e) => e);
      expect(error).toBeInstanceOf(MessageExpiredError);
      expect(fake.tokenRequests).toBe(1);
      expect(fake.server.requestsTo('POST', /\/requests$/)).toEqual([]);
    });

    it('is checked again before the call repeated after a 401: a message whose deadline passed while the fresh token came is not sent again', async () => {
      fakeOnlyTheClock();
      const { provider } = make();
      await provider.send(sms('d-warm'));
      fake.revokeTokens();
      const notAfter = Date.now() + 1000;
      fake.server.onRequest = (r) => { if (TOKEN.test(r.path)) jest.setSystemTime(notAfter + 1); };
      const error = await provider.send(sms('d-renewed-late', { notAfter })).catch((e) => e);
      expect(error).toBeInstanceOf(MessageExpiredError);
      expect(fake.tokenRequests).toBe(2);
      expect(fake.server.requestsTo('POST', /\/requests$/).filter((r) => r.body.includes('d-renewed-late'))).toHaveLength(1);
      expect(fake.requests.filter((r) => r.clientCorrelator === 'd-renewed-late')).toEqual([]);
    });
  });

  describe('maps temporary failures to ProviderUnavailableError', () => {
    it('a 503 at the token endpoint', async () => {
      fake.server.fail({ status: 503, path: /\/oauth2\/token$/, body: { error: 'temporarily_unavailable' } });
      const error = await make().provider.send(sms('d-token-503')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toBe('http-b token: 503 temporarily_unavailable');
    });

    it('a 500 from the messaging API', async () => {
      fake.server.fail({ status: 500, path: /\/requests$/ });
      const error = await make().provider.send(sms('d-500')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error).not.toBeInstanceOf(ProviderRejectedError);
    });

    it('a 429 with Retry-After', async () => {
      fake.server.fail({ status: 429, path: /\/requests$/, headers: { 'retry-after': '30' } });
      const error = await make().provider.send(sms('d-429')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRetryLaterError);
      expect(error.retryAfterMs).toBe(30_000);
    });

    it('a refused connection', async () => {
      await fake.stop();
      const error = await make().provider.send(sms('d-down')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toMatch(/ECONNREFUSED/);
    });

    it('no answer within the timeout', async () => {
      fake.server.fail({ status: 201, path: /\/requests$/, hang: true });
      const error = await make(createHttpBProviderFactory({ timeoutMs: 300, pollIntervalMs: 0, outbound: LOCAL })).provider.send(sms('d-hang')).catch((e) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.message).toMatch(/timed out/);
    });
  });

  describe('receipts by polling deliveryInfos', () => {
    it('reports each status change once, and stops asking after a final status', async () => {
      const { provider, sink } = make(polling);
      const { providerMessageId: id } = await provider.send(sms('d-poll'));
      const asks = (messageId: string) => fake.server.requestsTo('GET', /\/deliveryInfos$/).filter((r) => r.path.includes(`/requests/${encodeURIComponent(messageId)}/`)).length;
      await eventually(() => sink.receipts.length, (n) => n === 1, { timeoutMs: 10_000, what: 'MessageWaiting' });
      fake.setStatus(id, 'DeliveredToNetwork');
      await eventually(() => sink.receipts.length, (n) => n === 2, { timeoutMs: 10_000, what: 'DeliveredToNetwork' });
      fake.setStatus(id, 'DeliveredToTerminal');
      await eventually(() => (provider as HttpBProvider).pendingReceipts, (n) => n === 0, { timeoutMs: 10_000, what: 'the final status' });
      // A message still waiting, asked for by the same poller, marks its passes: two more, and the final one was not asked again.
      const asked = asks(id);
      const { providerMessageId: witness } = await provider.send(sms('d-poll-witness'));
      await eventually(() => asks(witness), (n) => n >= 2, { what: 'two passes of the poller' });
      expect(asks(id)).toBe(asked);
      expect(sink.receipts.filter((r) => r.providerMessageId === id)).toEqual(['MessageWaiting', 'DeliveredToNetwork', 'DeliveredToTerminal'].map((status) => ({ providerMessageId: id, address: '+4915100000002', status })));
    });

    it('carries the provider description as the reason of a failure', async () => {
      const { provider, sink } = make(polling);
      const { providerMessageId: id } = await provider.send(sms('d-poll-fail'));
      fake.setStatus(id, 'DeliveryImpossible', 'Unknown subscriber');
      await eventually(() => sink.receipts, (receipts) => receipts.some((r) => r.status === 'DeliveryImpossible'));
      expect(sink.receipts.at(-1)).toEqual({ providerMessageId: id, address: '+4915100000002', status: 'DeliveryImpossible', reason: 'Unknown subscriber' });
    });

    it('stops with close()', async () => {
      const { provider } = make(polling);
      await provider.send(sms('d-poll-close'));
      await eventually(() => fake.server.requestsTo('GET', /\/deliveryInfos$/).length, (n) => n > 0);
      await provider.close();
      expect((provider as HttpBProvider).polling).toBe(false);
      const asked = fake.server.requestsTo('GET', /\/deliveryInfos$/).length;
      // Another provider on the same interval marks the passes the closed one would have made.
      const { provider: witness } = make(polling);
      const { providerMessageId: witnessId } = await witness.send(sms('d-poll-close-witness'));
      const witnessAsks = () => fake.server.requestsTo('GET', /\/deliveryInfos$/).filter((r) => r.path.includes(`/requests/${encodeURIComponent(witnessId)}/`)).length;
      await eventually(witnessAsks, (n) => n >= 3, { what: 'three passes of the witness' });
      expect(fake.server.requestsTo('GET', /\/deliveryInfos$/).length - witnessAsks()).toBe(asked);
    });
  });
});
