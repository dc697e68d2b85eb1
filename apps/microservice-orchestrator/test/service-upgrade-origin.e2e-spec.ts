import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { admin, basic, eventually, gw, newTenant, testStack } from '@berth/testing';
import { hostingHooks, microservice, raw, subscribe, subscribeManagement } from './hosting-fixture';

hostingHooks();

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example.com';

/** A WebSocket handshake to `url` with `headers`: `open` (and the echo of a message), or the refusal's status and error resource. */
async function handshake(url: string, headers: Record<string, string>): Promise<{ status: number; echo?: string; body?: any }> {
  const ws = new WebSocket(url, { headers });
  ws.on('error', () => undefined);
  const outcome = await Promise.race([
    once(ws, 'open').then(() => 'open' as const),
    once(ws, 'unexpected-response').then(([, res]) => res as IncomingMessage),
  ]);
  if (outcome === 'open') {
    ws.send('hi');
    const [message] = await once(ws, 'message');
    ws.close();
    return { status: 101, echo: String(message) };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of outcome) chunks.push(chunk as Buffer);
  ws.terminate();
  return { status: outcome.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) };
}

/** OAI-Secure login: the `authorization` cookie and the XSRF token a browser would hold. */
async function cookieLogin(tenant: string, user: string, password: string) {
  const res = await fetch(`${testStack.gatewayUrl}/tenant/oauth?tenant_id=${tenant}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'PASSWORD', username: user, password }).toString(),
  });
  expect(res.status).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; '), xsrf: cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length) };
}

describe('gateway: WebSocket upgrades to /service/<name> authenticated by the session cookie (cross-site WebSocket hijacking)', () => {
  let wsUrl: string;
  let name: string;
  let tenant: Awaited<ReturnType<typeof newTenant>>;
  let session: { cookie: string; xsrf: string };

  beforeAll(async () => {
    const hosted = await microservice({ isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '128M' } });
    name = hosted.name;
    await subscribeManagement(hosted.id);
    tenant = await newTenant();
    expect((await gw(`/application/applications/${hosted.id}`, { method: 'PUT', as: admin(), body: { availability: 'MARKET' } })).status).toBe(200);
    expect((await eventually(() => subscribe(tenant.id, hosted.id, admin()), (r) => r.status === 201, 30000)).status).toBe(201);
    expect((await eventually(() => raw(`/service/${name}/hello`, { authorization: basic(...tenant.admin) }), (r) => r.status === 200, 90000)).status).toBe(200);
    expect((await gw('/tenant/options/access.control/allow.origin', { method: 'PUT', as: tenant.admin, body: { value: APP } })).status).toBe(200);
    session = await cookieLogin(tenant.id, tenant.admin[0].split('/')[1], tenant.admin[1]);
    wsUrl = `${testStack.gatewayUrl.replace(/^http/, 'ws')}/service/${name}/ws`;
  }, 240_000);

  it('refuses the session cookie from a foreign origin (or none) without the XSRF token: 403 with the error resource, nothing upgraded', async () => {
    for (const headers of [{ cookie: session.cookie, origin: EVIL }, { cookie: session.cookie }] as Array<Record<string, string>>) {
      const res = await handshake(wsUrl, headers);
      expect({ status: res.status, error: res.body?.error, message: res.body?.message })
        .toEqual({ status: 403, error: 'security/Forbidden', message: expect.stringMatching(/may not open a connection with the session cookie/) });
    }
  });

  it('upgrades the session cookie from an origin the tenant lists, from the platform\'s own origin, and with the XSRF token', async () => {
    const listed = await eventually(() => handshake(wsUrl, { cookie: session.cookie, origin: APP }), (r) => r.status === 101, 5000);
    expect(listed).toEqual({ status: 101, echo: 'echo: hi' });
    const own = new URL(testStack.gatewayUrl).origin;
    expect(await handshake(wsUrl, { cookie: session.cookie, origin: own })).toEqual({ status: 101, echo: 'echo: hi' });
    expect(await handshake(wsUrl, { cookie: session.cookie, origin: EVIL, 'x-xsrf-token': session.xsrf })).toEqual({ status: 101, echo: 'echo: hi' });
  });

  it('upgrades Basic from any origin', async () => {
    expect(await handshake(wsUrl, { authorization: basic(...tenant.admin), origin: EVIL })).toEqual({ status: 101, echo: 'echo: hi' });
  });

  it('forwards a request with Expect: 100-continue to the microservice: 100 Continue, then its answer, without the Expect header', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'berth-expect-')), 'body.bin');
    writeFileSync(file, randomBytes(200 * 1024));
    try {
      const { stdout, stderr } = await promisify(execFile)('curl', ['-sS', '-v', '-u', `${tenant.admin[0]}:${tenant.admin[1]}`, '-H', 'Expect: 100-continue',
        '-H', 'content-type: application/octet-stream', '--data-binary', `@${file}`, '-w', '\n%{http_code}', `${testStack.gatewayUrl}/service/${name}/echo/upload`]);
      const at = stdout.lastIndexOf('\n');
      expect(stderr).toMatch(/^< HTTP\/1\.1 100 Continue\r?$/m);
      expect(Number(stdout.slice(at + 1))).toBe(200);
      const echo = JSON.parse(stdout.slice(0, at));
      expect(echo.path).toBe('/echo/upload');
      expect(echo.headers.expect).toBeUndefined();
    } finally {
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });
});
