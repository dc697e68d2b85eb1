import { randomUUID } from 'node:crypto';
import { IncomingHttpHeaders, request } from 'node:http';
import { PUBLIC_BASE_HEADER, signPublicBase } from '@berth/auth';
import { ExtraApp, startExtraApp, testStack } from '@berth/testing';

/** Where this spec's gateway behind a trusted proxy listens (its metrics on the next port). */
const PROXIED_PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 90;
const HOST = 'berth.example.test:9999';
const BASE = `http://${HOST}`;
/** What the stack is configured with (BERTH_PUBLIC_URL): the base of a request without a usable host. */
const configured = () => testStack.gatewayUrl.replace('127.0.0.1', 'localhost');

interface Answer { status: number; headers: IncomingHttpHeaders; body: any }

/** A request to `gateway` with the headers given, `Host` included (fetch cannot set it), as the management admin. */
function send(gateway: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(`${gateway}${path}`, {
      method, headers: { accept: 'application/json', ...testStack.adminAuth(), ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject).end(json);
  });
}

/**
 * The links of every kind through `gateway` with `headers`: the gateway's own `/platform` and
 * error, the registry's and tenant-options' `self`, paging `next`, `Location` of a create and
 * error `info` all start with `base`.
 */
async function expectLinks(gateway: string, headers: Record<string, string>, base: string) {
  const at = (path: string) => expect.stringMatching(new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}`));

  const platform = await send(gateway, 'GET', '/platform', headers);
  expect(platform.body).toMatchObject({ self: `${base}/platform`, inventory: { self: `${base}/inventory` } });
  const refused = await send(gateway, 'GET', '/tenant/currentTenant', { ...headers, authorization: 'Basic bm9ib2R5Om5vcGU=' });
  expect([refused.status, refused.body.info]).toEqual([401, at('/docs/errors#')]);
  const openapi = await send(gateway, 'GET', '/openapi.json', headers);
  expect(openapi.body.servers).toEqual([{ url: base }]);

  const apps = await send(gateway, 'GET', '/application/applications?pageSize=1', headers);
  expect(apps.body).toMatchObject({ self: at('/application/applications\\?'), next: at('/application/applications\\?'), applications: [{ self: at('/application/applications/') }] });
  const created = await send(gateway, 'POST', '/application/applications', headers,
    { name: `links-${randomUUID()}`, key: `links-${randomUUID()}`, type: 'EXTERNAL', externalUrl: 'https://example.com' });
  expect([created.status, created.headers.location, created.body.self]).toEqual([201, at('/application/applications/\\d+$'), created.headers.location]);
  const missing = await send(gateway, 'GET', '/application/applications/999999999', headers);
  expect([missing.status, missing.body.info]).toEqual([404, at('/docs/errors#')]);

  const category = `links.${randomUUID().slice(0, 8)}`;
  for (const key of ['a', 'b']) {
    const option = await send(gateway, 'POST', '/tenant/options', headers, { category, key, value: key });
    expect([option.status, option.headers.location, option.body.self]).toEqual([201, `${base}/tenant/options/${category}/${key}`, `${base}/tenant/options/${category}/${key}`]);
  }
  const options = await send(gateway, 'GET', '/tenant/options?pageSize=1', headers);
  expect(options.body).toMatchObject({ self: at('/tenant/options\\?'), next: at('/tenant/options\\?'), options: [{ self: at('/tenant/options/') }] });
  const noOption = await send(gateway, 'GET', `/tenant/options/${category}/none`, headers);
  expect([noOption.status, noOption.body.info]).toEqual([404, at('/docs/errors#')]);
}

describe('links start with the address the client used', () => {
  it('the Host header, at the gateway, the registry and tenant-options', async () => {
    await expectLinks(testStack.gatewayUrl, { host: HOST }, BASE);
  });

  it('the Host header, not the forwarded headers of a client that is not a trusted proxy, nor a base header it sent', async () => {
    const forged = {
      host: HOST, 'x-forwarded-host': 'forged.example', 'x-forwarded-proto': 'https', forwarded: 'proto=https;host=forged.example',
      [PUBLIC_BASE_HEADER]: signPublicBase('https://forged.example', process.env.BERTH_TEST_INTERNAL_KEY!),
    };
    await expectLinks(testStack.gatewayUrl, forged, BASE);
  });

  it('the configured URL for a host that is not a valid host[:port]', async () => {
    for (const host of ['evil.example/path', 'user@evil.example', 'evil.example:99999']) {
      const platform = await send(testStack.gatewayUrl, 'GET', '/platform', { host });
      expect(platform.body.self).toBe(`${configured()}/platform`);
      const missing = await send(testStack.gatewayUrl, 'GET', '/application/applications/999999999', { host });
      expect(missing.body.info).toMatch(new RegExp(`^${configured()}/docs/errors#`));
    }
  });

  it('answers for different hosts never mix (the gateway\'s cached documents included)', async () => {
    const [a, b] = await Promise.all(['a.example.test', 'b.example.test'].map((host) => send(testStack.gatewayUrl, 'GET', '/openapi.json', { host })));
    expect([a.body.servers, b.body.servers]).toEqual([[{ url: 'http://a.example.test' }], [{ url: 'http://b.example.test' }]]);
    const [p, q] = await Promise.all(['a.example.test', 'b.example.test'].map((host) => send(testStack.gatewayUrl, 'GET', '/application', { host })));
    expect([p.body.self, q.body.self]).toEqual(['http://a.example.test/application', 'http://b.example.test/application']);
  });

  it('an internal app takes a base only from the gateway: one a caller sends it directly is ignored', async () => {
    const direct = await send(testStack.appUrl('tenant-options'), 'GET', '/tenant/options/none/none', { [PUBLIC_BASE_HEADER]: `forged.${BASE}` });
    expect([direct.status, direct.body.info]).toEqual([401, expect.stringMatching(new RegExp(`^${configured()}/docs/errors#`))]);
  });

  describe('behind a trusted proxy', () => {
    let proxied: ExtraApp;
    beforeAll(async () => {
      proxied = await startExtraApp('gateway', 'gateway-proxied', PROXIED_PORT, { BERTH_TRUSTED_PROXIES: '127.0.0.1, ::1' });
    }, 90_000);
    afterAll(() => proxied?.stop());

    it('what X-Forwarded-Host / X-Forwarded-Proto report', async () => {
      await expectLinks(proxied.url, { host: 'gateway.internal:8080', 'x-forwarded-host': HOST, 'x-forwarded-proto': 'https' }, `https://${HOST}`);
    });

    it('what Forwarded reports', async () => {
      await expectLinks(proxied.url, { host: 'gateway.internal:8080', forwarded: `for=192.0.2.1;proto=https;host="${HOST}"` }, `https://${HOST}`);
    });
  });
});
