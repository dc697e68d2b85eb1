import { randomBytes } from 'node:crypto';
import { eventually, gw, newTenant, testServerPort, testStack } from '@berth/testing';
import { FakeProviderA, FakeProviderB } from './fakes';
import { inbound, pathOf, send, sendBody, SENDER } from './sms-client';

const TO = '+4917612345678';
const FROM = '+4917698765432';
const WEBHOOK_SECRET = `wh-${randomBytes(8).toString('hex')}`;
const webhook = (provider: string, tenant: string) => `${testStack.gatewayUrl}/service/messaging/providers/webhooks/${provider}/${tenant}`;
const configure = (as: [string, string], provider: string, settings: Record<string, string>) =>
  gw('/service/messaging/providers/configuration', { method: 'PUT', as, body: { provider, senderAddress: SENDER, senderName: 'Berth', settings } });
const deliveryStatus = async (as: [string, string], resourceURL: string) =>
  (await gw(`${pathOf(resourceURL)}/deliveryInfos`, { as })).body?.deliveryInfoList?.deliveryInfo?.[0]?.deliveryStatus;
const text = () => `hello ${randomBytes(4).toString('hex')}`;

const a = new FakeProviderA();
const b = new FakeProviderB();
let ta: { id: string; admin: [string, string] };
let tb: { id: string; admin: [string, string] };

beforeAll(async () => {
  await a.start(testServerPort('provider-a'));
  await b.start(testServerPort('provider-b'));
  [ta, tb] = await Promise.all([newTenant(), newTenant()]);
  expect((await configure(ta.admin, 'http-a', a.settings({ webhookSecret: WEBHOOK_SECRET }))).status).toBe(200);
  expect((await configure(tb.admin, 'http-b', b.settings())).status).toBe(200);
}, 60000);

afterAll(async () => {
  await a.stop();
  await b.stop();
});

describe('sms-adapter: HTTP provider A through the gateway', () => {
  it('sends to the provider, and its polled receipt ends DeliveredToTerminal', async () => {
    const message = text();
    const res = await send(ta.admin, sendBody([TO], message));
    expect(res.status).toBe(201);
    const [submitted] = await eventually(async () => a.submitted.filter((m) => m.text === message), (m) => m.length > 0, 20000);
    expect(submitted).toMatchObject({ from: SENDER, to: TO, senderName: 'Berth' });
    a.report(submitted.id, 'delivered');
    expect(await eventually(() => deliveryStatus(ta.admin, res.body.resourceReference.resourceURL), (s) => s === 'DeliveredToTerminal', 20000)).toBe('DeliveredToTerminal');
  });

  it('lists a polled inbound message once, and a pushed one; fetching one message is refused as the provider cannot', async () => {
    const polled = a.receive(FROM, SENDER, text());
    const listed = await eventually(async () => (await gw(inbound(), { as: ta.admin })).body, (body) => JSON.stringify(body ?? {}).includes(polled.text), 20000);
    const messages = listed.inboundSMSMessageList.map((m: any) => m.inboundSMSMessage);
    expect(messages.filter((m: any) => m.message === polled.text)).toEqual([expect.objectContaining({ senderAddress: `tel:${FROM}`, destinationAddress: `tel:${SENDER}` })]);

    const pushed = { id: `push-${randomBytes(4).toString('hex')}`, from: FROM, to: SENDER, text: text(), receivedAt: new Date().toISOString() };
    expect(await a.push(webhook('http-a', ta.id), WEBHOOK_SECRET, { type: 'inbound', message: pushed })).toBe(204);
    const after = (await gw(inbound(), { as: ta.admin })).body.inboundSMSMessageList.map((m: any) => m.inboundSMSMessage.message);
    expect(after).toContain(pushed.text);

    const one = await gw(`${inbound()}/${messages[0].messageId}`, { as: ta.admin });
    expect({ status: one.status, error: one.body?.error }).toEqual({ status: 422, error: 'messaging/Unprocessable Entity' });
  });

  it('refuses a webhook with a wrong signature (401) and one without the tenant\'s secret set up (401), storing nothing', async () => {
    const forged = { id: 'forged-1', from: FROM, to: SENDER, text: 'forged', receivedAt: new Date().toISOString() };
    expect(await a.push(webhook('http-a', ta.id), 'not-the-secret', { type: 'inbound', message: forged })).toBe(401);
    expect(await a.push(webhook('http-a', tb.id), WEBHOOK_SECRET, { type: 'inbound', message: forged })).toBe(401);
    expect(await a.push(webhook('nope', ta.id), WEBHOOK_SECRET, { type: 'inbound', message: forged })).toBe(404);
    expect(JSON.stringify((await gw(inbound(), { as: ta.admin })).body)).not.toContain('forged');
  });
});

describe('sms-adapter: HTTP provider B (OAuth2, OneAPI) through the gateway', () => {
  it('sends with a bearer token, and the notification pushed to the webhook ends DeliveredToTerminal', async () => {
    const message = text();
    const res = await send(tb.admin, sendBody([TO], message));
    expect(res.status).toBe(201);
    const [request] = await eventually(async () => b.requests.filter((r) => r.message === message), (r) => r.length > 0, 20000);
    expect(request).toMatchObject({ senderAddress: `tel:${SENDER}`, address: [`tel:${TO}`] });
    expect(request.receiptRequest?.notifyURL).toBe(webhook('http-b', tb.id));
    expect(b.tokenRequests).toBeGreaterThan(0);
    b.setStatus(request.id, 'DeliveredToTerminal');
    expect(await b.notify(request.id)).toBe(204);
    expect(await eventually(() => deliveryStatus(tb.admin, res.body.resourceReference.resourceURL), (s) => s === 'DeliveredToTerminal', 20000)).toBe('DeliveredToTerminal');
  });

  it('says it cannot receive: listing inbound messages is refused with the error resource', async () => {
    const res = await gw(inbound(), { as: tb.admin });
    expect({ status: res.status, error: res.body?.error }).toEqual({ status: 422, error: 'messaging/Unprocessable Entity' });
  });

  it('refuses a notification whose callbackData Berth did not sign (401)', async () => {
    const body = JSON.stringify({ deliveryInfoNotification: { callbackData: 'x.y', deliveryInfo: { address: `tel:${TO}`, deliveryStatus: 'DeliveredToTerminal' }, link: [] } });
    const res = await fetch(webhook('http-b', tb.id), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(401);
  });
});
