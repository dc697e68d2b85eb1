import { FakeProviderB, RecordingSink, startWebhookReceiver } from '../../../test/fakes';
import { WebhookUnauthorizedError } from '../http/webhook-request';
import { SmsProvider } from '../sms-provider';
import { createHttpBProviderFactory } from './http-b.provider-factory';
import { HttpBProvider } from './http-b.provider';
import { HttpBNotificationReceipt, httpBCallbackData, parseHttpBNotification } from './http-b.webhook';
import { OutboundPolicy } from '@berth/runtime';

/** The fake providers listen on 127.0.0.1. */
const LOCAL = new OutboundPolicy(true);

const KEY = 'k'.repeat(43);
const sms = { deliveryId: 'd-hook', tenant: 't1', senderAddress: '+4915100000001', address: '+4915100000002', text: 'hello' };

/** Provider B's receipts by deliveryInfoNotification: the fake posts to the notifyURL the send named, a receiver runs the parser. */
describe('HTTP provider B notifications', () => {
  const fake = new FakeProviderB();
  const received: HttpBNotificationReceipt[] = [];
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let provider: SmsProvider;

  beforeAll(async () => {
    await fake.start();
    receiver = await startWebhookReceiver((req, path) => {
      const tenant = decodeURIComponent(/^\/webhooks\/http-b\/([^/]+)$/.exec(path)?.[1] ?? '');
      received.push(parseHttpBNotification(req, tenant, KEY));
    });
    const factory = createHttpBProviderFactory({ timeoutMs: 1000, pollIntervalMs: 40, outbound: LOCAL, webhook: { baseUrl: `${receiver.url}/webhooks/`, key: KEY } });
    provider = factory.create('t1', fake.settings(), new RecordingSink());
  });
  afterAll(async () => {
    await provider.close();
    await receiver.stop();
    await fake.stop();
  });

  it('asks for receipts at the tenant notifyURL with signed callbackData, and does not poll', async () => {
    const { providerMessageId } = await provider.send(sms);
    const request = fake.requests.find((r) => r.id === providerMessageId)!;
    expect(request.receiptRequest).toEqual({ notifyURL: `${receiver.url}/webhooks/http-b/t1`, callbackData: httpBCallbackData(KEY, 't1', 'd-hook') });
    expect((provider as HttpBProvider).polling).toBe(false);
    expect(fake.server.requestsTo('GET', /\/deliveryInfos$/)).toHaveLength(0);
  });

  it('reads the notification the provider posts into a receipt naming both ids', async () => {
    const { providerMessageId } = await provider.send({ ...sms, deliveryId: 'd-hook-2' });
    fake.setStatus(providerMessageId, 'DeliveryImpossible', 'Absent subscriber');
    expect(await fake.notify(providerMessageId)).toBe(204);
    expect(received.at(-1)).toEqual({ deliveryId: 'd-hook-2', providerMessageId, address: '+4915100000002', status: 'DeliveryImpossible', reason: 'Absent subscriber' });
  });

  it('refuses callbackData signed for another tenant or with another key (401)', async () => {
    const { providerMessageId } = await provider.send({ ...sms, deliveryId: 'd-hook-3' });
    const request = fake.requests.find((r) => r.id === providerMessageId)!;
    const count = received.length;
    request.receiptRequest = { notifyURL: `${receiver.url}/webhooks/http-b/t2`, callbackData: request.receiptRequest!.callbackData };
    expect(await fake.notify(providerMessageId)).toBe(401);
    request.receiptRequest = { notifyURL: `${receiver.url}/webhooks/http-b/t1`, callbackData: httpBCallbackData('x'.repeat(43), 't1', 'd-hook-3') };
    expect(await fake.notify(providerMessageId)).toBe(401);
    expect(received.length).toBe(count);
  });

  it('refuses a notification without callbackData, and a short key at start-up', () => {
    const body = JSON.stringify({ deliveryInfoNotification: { deliveryInfo: { address: 'tel:+4915100000002', deliveryStatus: 'DeliveredToTerminal' } } });
    expect(() => parseHttpBNotification({ headers: {}, rawBody: body }, 't1', KEY)).toThrow(WebhookUnauthorizedError);
    expect(() => createHttpBProviderFactory({ timeoutMs: 1000, pollIntervalMs: 0, outbound: LOCAL, webhook: { baseUrl: receiver.url, key: 'short' } })).toThrow(/at least 32/);
  });
});
