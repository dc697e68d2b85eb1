import { FakeProviderA, RecordingSink, startWebhookReceiver } from '../../../test/fakes';
import { WebhookInvalidError, WebhookUnauthorizedError } from '../http/webhook-request';
import { webhookSignature } from '../http/webhook-signature';
import { deliverHttpAWebhook, HttpAWebhookEvent, parseHttpAWebhook } from './http-a.webhook';

const SECRET = 'tenant-webhook-secret-0123456789';

/** Provider A's webhooks, pushed by its fake over HTTP to a receiver that runs the parser on the raw body. */
describe('HTTP provider A webhooks', () => {
  const fake = new FakeProviderA();
  const sink = new RecordingSink();
  const events: HttpAWebhookEvent[] = [];
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    await fake.start();
    receiver = await startWebhookReceiver(async (req) => {
      events.push(await deliverHttpAWebhook(req, SECRET, sink));
    });
  });
  afterAll(async () => {
    await receiver.stop();
    await fake.stop();
  });
  beforeEach(() => {
    events.length = 0;
    sink.inbounds.length = 0;
    sink.receipts.length = 0;
  });

  it('hands a signed inbound message to the sink', async () => {
    const message = fake.receive('+4917000000001', '+4915100000001', 'pushed');
    expect(await fake.push(receiver.url, SECRET, { type: 'inbound', message })).toBe(204);
    expect(sink.inbounds).toEqual([{ providerMessageId: message.id, senderAddress: '+4917000000001', destinationAddress: '+4915100000001', message: 'pushed', dateTime: message.receivedAt }]);
  });

  it('hands a signed receipt to the sink, and answers an "accepted" one without storing it', async () => {
    expect(await fake.push(receiver.url, SECRET, { type: 'receipt', receipt: { id: 'rc-1', messageId: 'msg-9', to: '+4915100000002', status: 'delivered' } })).toBe(204);
    expect(await fake.push(receiver.url, SECRET, { type: 'receipt', receipt: { id: 'rc-2', messageId: 'msg-9', to: '+4915100000002', status: 'accepted' } })).toBe(204);
    expect(sink.receipts).toEqual([{ providerMessageId: 'msg-9', address: '+4915100000002', status: 'DeliveredToTerminal' }]);
    expect(events.map((e) => e.kind)).toEqual(['receipt', 'ignored']);
  });

  it('refuses a call signed with another secret, or a stale one (401), storing nothing', async () => {
    const message = fake.receive('+4917000000002', '+4915100000001', 'forged');
    expect(await fake.push(receiver.url, 'another-secret', { type: 'inbound', message })).toBe(401);
    expect(await fake.push(receiver.url, SECRET, { type: 'inbound', message }, Math.floor(Date.now() / 1000) - 600)).toBe(401);
    expect(sink.inbounds).toEqual([]);
  });

  it('refuses a signed body that is no event (422)', async () => {
    expect(await fake.push(receiver.url, SECRET, { type: 'inbound', message: { id: 'x' } as never })).toBe(422);
  });

  describe('parseHttpAWebhook', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const ts = String(now / 1000);
    const body = JSON.stringify({ type: 'receipt', receipt: { id: 'r', messageId: 'm', to: '+4915100000002', status: 'expired', error: 'validity period over' } });
    const signed = (b: string, secret = SECRET) => ({ headers: { 'x-signature': webhookSignature(secret, ts, b), 'x-timestamp': ts }, rawBody: Buffer.from(b) });

    it('reads an authentic receipt', () => {
      expect(parseHttpAWebhook(signed(body), SECRET, now)).toEqual({ kind: 'receipt', receipt: { providerMessageId: 'm', address: '+4915100000002', status: 'DeliveryImpossible', reason: 'validity period over' } });
    });

    it('refuses a body changed after signing, a missing signature, and a tenant without a secret', () => {
      const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('expired', 'delivered')) };
      expect(() => parseHttpAWebhook(tampered, SECRET, now)).toThrow(WebhookUnauthorizedError);
      expect(() => parseHttpAWebhook({ headers: {}, rawBody: body }, SECRET, now)).toThrow(WebhookUnauthorizedError);
      expect(() => parseHttpAWebhook(signed(body), undefined, now)).toThrow(WebhookUnauthorizedError);
    });

    it('refuses authentic bodies that are not JSON or of an unknown type', () => {
      expect(() => parseHttpAWebhook(signed('not json'), SECRET, now)).toThrow(WebhookInvalidError);
      expect(() => parseHttpAWebhook(signed('{"type":"other"}'), SECRET, now)).toThrow(WebhookInvalidError);
    });
  });
});
