import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eventually, gw, newTenant, testServerPort, TestSmsc, testStack } from '@berth/testing';
import { enc, inbound, newUser, outbound, pathOf, ReceiptServer, send, sendBody, SENDER, smppConfiguration } from './sms-client';

const SMSC_PORT = testServerPort('smsc');
const PASSWORD = 'smsc-pw';
const TO = '+4917612345678';
const REFUSED = '+4915199999999';

const smsc = new TestSmsc({ port: SMSC_PORT, password: PASSWORD, rejectDestinations: [REFUSED.slice(1)] });
const receipts = new ReceiptServer();
let t: { id: string; admin: [string, string] };

const submitsTo = (systemId: string, text: string) => smsc.submits.filter((s) => s.systemId === systemId && s.text === text);
const expectError = (res: { status: number; body: any }, status: number, error: string, message?: RegExp) => {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  if (message) expect(res.body.message).toMatch(message);
};
const deliveryInfos = async (resourceURL: string) => (await gw(`${pathOf(resourceURL)}/deliveryInfos`, { as: t.admin })).body;

beforeAll(async () => {
  await smsc.start();
  await receipts.start(testServerPort('receipts'));
  t = await newTenant();
  const put = await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: smppConfiguration(SMSC_PORT, t.id, PASSWORD) });
  expect(put.status).toBe(200);
  expect(await eventually(async () => smsc.isBound(t.id), (b) => b, 20000)).toBe(true);
}, 60000);

afterAll(async () => {
  await smsc.stop();
  await receipts.stop();
});

describe('sms-adapter: providers', () => {
  it('lists the providers with their settings schemas and shows the configuration without secrets', async () => {
    const defs = await gw('/service/messaging/providers/definitions', { as: t.admin });
    expect(defs.status).toBe(200);
    expect(defs.body.definitions.map((d: { id: string }) => d.id)).toEqual(['smpp', 'http-a', 'http-b']);
    expect(defs.body.definitions[0].settingsSchema.properties).toMatchObject({ host: { type: 'string' }, password: { type: 'string', writeOnly: true } });
    const conf = await gw('/service/messaging/providers/configuration', { as: t.admin });
    expect(conf.body).toEqual({
      provider: 'smpp', senderAddress: SENDER, senderName: 'Berth',
      settings: { host: '127.0.0.1', port: String(SMSC_PORT), systemId: t.id }, secrets: { password: true },
    });
    const options = await gw('/tenant/options/messaging', { as: t.admin });
    expect(options.body).toMatchObject({ provider: 'smpp', 'smpp.host': '127.0.0.1', 'sms.senderAddress': SENDER });
    expect(options.body['credentials.smpp.password']).not.toBe(PASSWORD);
  });

  it('refuses bad configurations naming the field, and writes without the option admin role', async () => {
    expectError(await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: { provider: 'nope' } }), 422, 'messaging/Unprocessable Entity', /^provider/);
    expectError(await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: { provider: 'smpp', settings: { baseUrl: 'x' } } }), 422, 'messaging/Unprocessable Entity', /^settings\.baseUrl/);
    const plain = await newUser(t);
    expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: plain, body: { provider: 'smpp' } })).status).toBe(403);
  });

  it('DELETE removes the configuration; sending then says no provider is configured', async () => {
    const other = await newTenant();
    expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: other.admin, body: smppConfiguration(SMSC_PORT, other.id, PASSWORD) })).status).toBe(200);
    expect((await gw('/service/messaging/providers/configuration', { method: 'DELETE', as: other.admin })).status).toBe(204);
    expect((await gw('/service/messaging/providers/configuration', { as: other.admin })).body).toMatchObject({ provider: null, settings: {} });
    expectError(await send(other.admin, sendBody([TO], 'hi')), 422, 'messaging/Unprocessable Entity', /no SMS provider/);
  });
});

describe('sms-adapter: send through SMPP', () => {
  it('sends: 201 with the resource reference, submit_sm at the SMSC, the receipt POSTed to notifyUrl with callbackData', async () => {
    const text = `hello ${randomBytes(4).toString('hex')}`;
    const res = await send(t.admin, sendBody([TO], text, { receiptRequest: { notifyUrl: `${receipts.url}/r1`, callbackData: 'cb-1' } }));
    expect(res.status).toBe(201);
    expect(res.body.resourceReference.resourceURL).toMatch(new RegExp(`/service/messaging/smsmessaging/outbound/${enc(SENDER)}/requests/[\\w-]+$`));
    const submits = await eventually(async () => submitsTo(t.id, text), (s) => s.length > 0, 20000);
    expect(submits).toEqual([expect.objectContaining({ source: SENDER.slice(1), destination: TO.slice(1), registeredDelivery: 1 })]);
    const got = await eventually(async () => receipts.received.filter((r) => r.path === '/r1'), (r) => r.length > 0, 20000);
    expect(got[0].body).toEqual({ deliveryInfoNotification: { callbackData: 'cb-1', deliveryInfo: { address: `tel:${TO}`, deliveryStatus: 'DeliveredToTerminal' } } });
    expect(await deliveryInfos(res.body.resourceReference.resourceURL)).toEqual({
      deliveryInfoList: { deliveryInfo: [{ address: `tel:${TO}`, deliveryStatus: 'DeliveredToTerminal' }], resourceURL: `${res.body.resourceReference.resourceURL}/deliveryInfos` },
    });
  });

  it('a retried POST with the same clientCorrelator answers the same request and sends once; the tenant sender may stand in the path', async () => {
    const text = `once ${randomBytes(4).toString('hex')}`;
    const body = sendBody([TO, '+4917698765432'], text, { clientCorrelator: `c-${text}` }, '+4930123456');
    const first = await send(t.admin, body, outbound(SENDER));
    const second = await send(t.admin, body, outbound(SENDER));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    // Both deliveries have left MessageWaiting: their send jobs are done, and no retry of them can follow.
    await eventually(() => deliveryInfos(first.body.resourceReference.resourceURL), (b) => b.deliveryInfoList.deliveryInfo.every((d: any) => d.deliveryStatus !== 'MessageWaiting'), {
      timeoutMs: 20000, what: 'both deliveries sent',
    });
    expect(submitsTo(t.id, text).map((s) => s.destination).sort()).toEqual(['4917612345678', '4917698765432']);
  });

  it('refuses, each with its status and error resource naming the field', async () => {
    const plain = await newUser(t);
    expect((await send(plain, sendBody([TO], 'x'))).status).toBe(403);
    const cases: Array<[unknown, RegExp, string?]> = [
      [{}, /^outboundSMSMessageRequest is missing/],
      [{ outboundSMSMessageRequest: { address: [], senderAddress: `tel:${SENDER}`, outboundSMSTextMessage: { message: 'x' } } }, /^outboundSMSMessageRequest\.address must be/],
      [sendBody(['0151123'], 'x'), /^outboundSMSMessageRequest\.address\[0\]/],
      [{ outboundSMSMessageRequest: { address: [`tel:${TO}`], senderAddress: 'tel:12', outboundSMSTextMessage: { message: 'x' } } }, /^outboundSMSMessageRequest\.senderAddress/],
      [sendBody([TO], 'x', {}, '+4930123456'), /^senderAddress in the path/, outbound('+4930999999')],
      [sendBody([TO], ''), /^outboundSMSMessageRequest\.outboundSMSTextMessage\.message must be/],
      [sendBody([TO], 'a'.repeat(153 * 6 + 1)), /takes 7 GSM-7 segments; at most 6/],
      [sendBody([TO], 'ü€😀'.repeat(140)), /UCS-2 segments/],
      [sendBody([TO], 'x', { receiptRequest: { notifyUrl: 'ftp://example.com/x' } }), /^outboundSMSMessageRequest\.receiptRequest\.notifyUrl must be an http/],
      [sendBody([TO], 'x', { receiptRequest: 'x' }), /^outboundSMSMessageRequest\.receiptRequest must be an object/],
    ];
    for (const [body, message, path] of cases) expectError(await send(t.admin, body, path), 422, 'messaging/Unprocessable Entity', message);
    expectError(await gw(`${outbound()}/nosuchrequest/deliveryInfos`, { as: t.admin }), 404, 'messaging/Not Found');
    const other = await newTenant();
    const mine = await send(t.admin, sendBody([TO], 'mine'));
    expect((await gw(`${pathOf(mine.body.resourceReference.resourceURL)}/deliveryInfos`, { as: other.admin })).status).toBe(404);
  });

  it('a refusal by the SMSC ends DeliveryImpossible with the reason, and the receipt says so', async () => {
    const res = await send(t.admin, sendBody([REFUSED], 'refused', { receiptRequest: { notifyUrl: `${receipts.url}/r2`, callbackData: 'cb-2' } }));
    expect(res.status).toBe(201);
    const infos = await eventually(() => deliveryInfos(res.body.resourceReference.resourceURL), (b) => b.deliveryInfoList.deliveryInfo[0].deliveryStatus !== 'MessageWaiting', 20000);
    expect(infos.deliveryInfoList.deliveryInfo[0]).toEqual({ address: `tel:${REFUSED}`, deliveryStatus: 'DeliveryImpossible', description: expect.stringMatching(/rejected by the provider: submit_sm answered with status 0xb/) });
    const got = await eventually(async () => receipts.received.filter((r) => r.path === '/r2'), (r) => r.length > 0, 20000);
    expect(got[0].body.deliveryInfoNotification).toEqual({ callbackData: 'cb-2', deliveryInfo: { address: `tel:${REFUSED}`, deliveryStatus: 'DeliveryImpossible' } });
  });

  it('SMSC down: the request is accepted and retried, and delivered once the SMSC is back; a failing notifyUrl is retried', async () => {
    await smsc.stop();
    receipts.failFirst = 1;
    const text = `outage ${randomBytes(4).toString('hex')}`;
    const res = await send(t.admin, sendBody([TO], text, { receiptRequest: { notifyUrl: `${receipts.url}/r3`, callbackData: 'cb-3' } }));
    expect(res.status).toBe(201);
    // Its first attempt has met the stopped SMSC and is to be retried; the delivery is still waiting.
    const requestId = String(res.body.resourceReference.resourceURL).split('/').at(-1);
    await eventually(() => readFileSync(testStack.logFile('sms-adapter'), 'utf8'), (log) => log.includes(`Delivery ${requestId}.0 attempt 1 failed, retrying`), {
      timeoutMs: 30000, what: 'the first attempt failed',
    });
    expect((await deliveryInfos(res.body.resourceReference.resourceURL)).deliveryInfoList.deliveryInfo[0].deliveryStatus).toBe('MessageWaiting');
    await smsc.start();
    const submits = await eventually(async () => submitsTo(t.id, text), (s) => s.length > 0, 45000);
    expect(submits).toHaveLength(1);
    const got = await eventually(async () => receipts.received.filter((r) => r.path === '/r3'), (r) => r.length > 0, 30000);
    expect(got[0].body.deliveryInfoNotification.deliveryInfo.deliveryStatus).toBe('DeliveredToTerminal');
  }, 120000);
});

describe('sms-adapter: receive through SMPP', () => {
  it('lists and fetches a message the SMSC delivered', async () => {
    await eventually(async () => smsc.isBound(t.id), (b) => b, 30000);
    const text = `inbound ${randomBytes(4).toString('hex')}`;
    expect(await smsc.inject(t.id, { source: TO.slice(1), destination: SENDER.slice(1), text })).toBe(0);
    const list = await eventually(() => gw(`${inbound()}?pageSize=100`, { as: t.admin }), (r) => r.body?.inboundSMSMessageList?.some((m: any) => m.inboundSMSMessage.message === text), 10000);
    expect(list.status).toBe(200);
    const entry = list.body.inboundSMSMessageList.find((m: any) => m.inboundSMSMessage.message === text).inboundSMSMessage;
    expect(entry).toEqual({
      dateTime: expect.any(String), destinationAddress: `tel:${SENDER}`, senderAddress: `tel:${TO}`, message: text, messageId: expect.any(String),
      resourceURL: expect.stringMatching(new RegExp(`${inbound().replace(/[+]/g, '\\+')}/${entry.messageId}$`)),
    });
    const one = await gw(pathOf(entry.resourceURL), { as: t.admin });
    expect(one.body).toEqual({ inboundSMSMessage: entry });
    expect((await gw(`${inbound('+4930123456')}?pageSize=100`, { as: t.admin })).body).toEqual({ inboundSMSMessageList: [] });
  });

  it('refuses: no SMS_READ 403, a bad receiver 422, an unknown message 404, a provider that cannot receive 422', async () => {
    const plain = await newUser(t);
    expect((await gw(inbound(), { as: plain })).status).toBe(403);
    expectError(await gw('/service/messaging/smsmessaging/inbound/registrations/tel%3A123/messages', { as: t.admin }), 422, 'messaging/Unprocessable Entity', /^receiver/);
    expectError(await gw(`${inbound()}/nosuchmessage`, { as: t.admin }), 404, 'messaging/Not Found');
    const b = await newTenant();
    const conf = { provider: 'http-b', senderAddress: SENDER, settings: { username: 'u', password: 'p', authUrl: 'http://127.0.0.1:9/token', messagingUrl: 'http://127.0.0.1:9/sms' } };
    expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: b.admin, body: conf })).status).toBe(200);
    expectError(await gw(inbound(), { as: b.admin }), 422, 'messaging/Unprocessable Entity', /http-b/);
  });
});

describe('sms-adapter: SendSms commands (TFA pins)', () => {
  it('a TFA pin a login asks for is sent through the tenant provider', async () => {
    const u = await newTenant();
    expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: u.admin, body: smppConfiguration(SMSC_PORT, u.id, PASSWORD) })).status).toBe(200);
    const user = await newUser(u, { phone: TO });
    for (const [key, value] of [['strategy', 'SMS'], ['enforced', 'true']]) {
      expect((await gw('/tenant/options', { method: 'POST', as: u.admin, body: { category: 'two-factor-authentication', key, value } })).status).toBe(201);
    }
    const login = await fetch(`${process.env.BERTH_TEST_GATEWAY_URL}/tenant/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'PASSWORD', username: user[0], password: user[1] }).toString(),
    });
    expect(login.status).toBe(401);
    const pins = await eventually(async () => smsc.submits.filter((s) => s.systemId === u.id), (s) => s.length > 0, 30000);
    expect(pins).toEqual([expect.objectContaining({ source: SENDER.slice(1), destination: TO.slice(1), text: expect.stringMatching(/\d{6}/) })]);
  }, 60000);
});
