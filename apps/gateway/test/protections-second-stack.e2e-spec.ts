import { request } from 'undici';
import { admin, basic, ExtraApp, newTenant, startExtraApp, testStack } from '@berth/testing';
import { rawRequest } from './raw-http';

const BASE = Number(process.env.BERTH_TEST_PORT_BASE || 18100);
/** A second gateway (metrics on the next port) and a second sms-adapter behind it, with the outbound guard on and short timeouts. */
const GATEWAY_PORT = BASE + 84;
const SMS_PORT = BASE + 86;
const PUBLIC_URL = `https://localhost:${GATEWAY_PORT}`;

const outbound = () => `/service/messaging/smsmessaging/outbound/${encodeURIComponent('tel:+4915112345678')}/requests`;
const sendBody = (notifyUrl: string) => ({ outboundSMSMessageRequest: {
  address: ['tel:+4915100000002'], senderAddress: 'tel:+4915112345678', outboundSMSTextMessage: { message: 'x' }, receiptRequest: { notifyUrl } } });

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await request(`http://127.0.0.1:${GATEWAY_PORT}${path}`, {
    method: method as 'GET', headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers as Record<string, string | undefined>, body: text ? JSON.parse(text) : undefined };
}

describe('gateway and sms-adapter with BERTH_OUTBOUND_ALLOW_PRIVATE off, an https public URL and a 2 s headers timeout', () => {
  let gateway: ExtraApp | undefined;
  let sms: ExtraApp | undefined;
  let tenant: Awaited<ReturnType<typeof newTenant>>;

  beforeAll(async () => {
    const own = { BERTH_PUBLIC_URL: PUBLIC_URL, BERTH_OUTBOUND_ALLOW_PRIVATE: 'false' };
    // Its own databases, queues, topics and consumer group: it takes none of the stack's SMS work.
    sms = await startExtraApp('sms-adapter', 'sms-adapter-guarded', SMS_PORT, { ...own, BERTH_DB_PREFIX: `${testStack.dbPrefix}_guarded`, BERTH_TOPIC_PREFIX: testStack.topic('guarded.') });
    gateway = await startExtraApp('gateway', 'gateway-guarded', GATEWAY_PORT, { ...own, SMS_ADAPTER_URL: sms.url, BERTH_HTTP_HEADERS_TIMEOUT_MS: '2000' });
    tenant = await newTenant();
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await sms?.stop();
  });

  it('refuses an SMS whose notifyUrl names a loopback, private, link-local or mapped address with 422 naming the field', async () => {
    for (const notifyUrl of ['http://127.0.0.1:9/r', 'http://localhost:9/r', 'http://[::ffff:127.0.0.1]:9/r', 'http://169.254.169.254/latest', 'http://10.0.0.1/r']) {
      // Sent for the public URL's host over plain HTTP, as from a load balancer that ends TLS: links keep the public URL's https.
      const res = await call('POST', outbound(), { authorization: basic(...tenant.admin), host: `localhost:${GATEWAY_PORT}` }, sendBody(notifyUrl));
      expect([notifyUrl, res.status, res.body]).toEqual([notifyUrl, 422, {
        error: 'messaging/Unprocessable Entity', message: 'outboundSMSMessageRequest.receiptRequest.notifyUrl names a private or loopback address',
        info: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/docs/errors#`)),
      }]);
    }
  });

  it('sends Strict-Transport-Security when the public URL is https, on the gateway\'s answers and the apps\' behind it', async () => {
    const platform = await call('GET', '/platform', { authorization: basic(...admin()) });
    const refused = await call('POST', outbound(), { authorization: basic(...tenant.admin) }, sendBody('http://127.0.0.1:9/'));
    for (const res of [platform, refused]) expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('cuts off a client that sends its headers too slowly: 408 with the error resource, then the connection is closed', async () => {
    const answer = await rawRequest(`http://127.0.0.1:${GATEWAY_PORT}`, 'GET /platform HTTP/1.1\r\nhost: localhost\r\n', { trickleMs: 300, giveUpMs: 30_000 });
    expect(answer.closed).toBe(true);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ error: 'general/Request Timeout' });
  });
});
