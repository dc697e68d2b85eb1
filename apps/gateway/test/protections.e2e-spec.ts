import { Readable } from 'node:stream';
import { request } from 'undici';
import { API_CSP } from '@berth/http';
import { admin, basic, BRAND, testStack } from '@berth/testing';
import { rawRequest } from './raw-http';

/** A request through the test stack's gateway (or `base`); its status, headers and parsed body. */
async function call(method: string, path: string, headers: Record<string, string> = {}, body?: string, base = testStack.gatewayUrl) {
  const res = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  const type = String(res.headers['content-type'] ?? '');
  return { status: res.statusCode, headers: res.headers as Record<string, string | undefined>, body: text && /json/.test(type) ? JSON.parse(text) : text };
}

function expectSecurityHeaders(headers: Record<string, string | undefined>, what: string) {
  expect([what, headers['x-content-type-options'], headers['x-frame-options'], headers['referrer-policy'], headers['content-security-policy']])
    .toEqual([what, 'nosniff', 'DENY', 'no-referrer', API_CSP]);
  expect([what, headers['x-powered-by'], headers['strict-transport-security']]).toEqual([what, undefined, undefined]);
}

const errorResource = (error: string) => ({ error, message: expect.any(String), info: expect.stringMatching(/^http/) });

describe('gateway: security headers on every answer', () => {
  const auth = () => ({ authorization: basic(...admin()), accept: 'application/json' });

  it('on proxied answers, the proxy path\'s own refusals and preflights, the gateway\'s routes and the internal apps', async () => {
    const origin = { origin: 'https://app.example.com' };
    const answers = {
      proxied: await call('GET', '/tenant/currentTenant', { ...auth(), ...origin }),
      refused: await call('GET', '/tenant/currentTenant', origin),
      preflight: await call('OPTIONS', '/tenant/currentTenant', { ...origin, 'access-control-request-method': 'PUT' }),
      platform: await call('GET', '/platform', auth()),
      notFound: await call('GET', '/nowhere', auth()),
      noService: await call('GET', '/service/no-such-service/x', auth()),
      internal: await call('GET', '/health', {}, undefined, testStack.appUrl('tenant-options')),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status])))
      .toEqual({ proxied: 200, refused: 401, preflight: 204, platform: 200, notFound: 404, noService: 404, internal: 200 });
    for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
    // CORS is untouched: its headers and Vary stay on proxied answers and refusals.
    for (const answer of [answers.proxied, answers.refused]) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers.vary).toMatch(/Origin/);
    }
    expect(answers.refused.body).toEqual(errorResource('security/Unauthorized'));
  });
});

describe('gateway: request limits', () => {
  it('refuses a JSON body over BERTH_HTTP_MAX_BODY_BYTES (1 MiB) with 413 and the error resource', async () => {
    const body = JSON.stringify({ name: 'too-big', key: 'too-big', type: 'HOSTED', description: 'x'.repeat(1100 * 1024) });
    const res = await call('POST', '/application/applications', { ...{ authorization: basic(...admin()) }, 'content-type': 'application/json', accept: 'application/json' }, body);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
    expect(res.body).toEqual(errorResource('general/Payload Too Large'));
    expectSecurityHeaders(res.headers, '413');
  });

  it('refuses a chunked JSON body (no Content-Length) over the limit with 413 too', async () => {
    const chunk = Buffer.from('x'.repeat(64 * 1024));
    async function* body() {
      yield Buffer.from('{"name":"too-big","key":"too-big","type":"HOSTED","description":"');
      for (let i = 0; i < 20; i++) yield chunk;
      yield Buffer.from('"}');
    }
    const res = await request(`${testStack.gatewayUrl}/application/applications`, {
      method: 'POST', headers: { authorization: basic(...admin()), 'content-type': 'application/json', accept: 'application/json' }, body: Readable.from(body()),
    });
    const text = await res.body.text();
    expect([res.statusCode, JSON.parse(text)]).toEqual([413, errorResource('general/Payload Too Large')]);
  });

  it('refuses headers over BERTH_HTTP_MAX_HEADER_BYTES (16 KiB) with 431 and the error resource, and closes the connection', async () => {
    const answer = await rawRequest(testStack.gatewayUrl, `GET /platform HTTP/1.1\r\nhost: localhost\r\nx-big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.closed).toBe(true);
    expect(answer.headers['content-type']).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
    expect(answer.body).toEqual(errorResource('general/Request Header Fields Too Large'));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed HTTP with 400 and the error resource', async () => {
    const answer = await rawRequest(testStack.gatewayUrl, 'NOT HTTP AT ALL\r\n\r\n');
    expect([answer.status, answer.closed, answer.body]).toEqual([400, true, errorResource('general/Bad Request')]);
  });
});

describe('apps: prototype-polluting keys in JSON bodies', () => {
  it('drops a __proto__ or constructor.prototype key and serves the request (the body is valid JSON), with either media type', async () => {
    const headers = (type: string) => ({ authorization: basic(...admin()), 'content-type': type, accept: 'application/json' });
    const key = `proto${Date.now().toString(36)}`;
    const body = (n: number) => `{"category":"fuzz","key":"${key}${n}","value":"v","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`;
    const answers = [
      await call('POST', '/tenant/options', headers('application/json'), body(1)),
      await call('POST', '/tenant/options', headers(`${BRAND}.option+json;ver=0.9;charset=UTF-8`), body(2)),
    ];
    expect(answers.map((a) => [a.status, a.body.key, a.body.polluted, Object.keys(a.body).includes('constructor')]))
      .toEqual([[201, `${key}1`, undefined, false], [201, `${key}2`, undefined, false]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
