import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_CSP } from '@berth/http';
import { admin, basic, eventually, gw, managementTenant, newTenant, TenantHandle, testStack, zip } from '@berth/testing';
import { createApp, Creds, hostedApp, name, uploadZip } from './binary-upload';

let owner: TenantHandle;
let other: TenantHandle;
beforeAll(async () => { [owner, other] = await Promise.all([newTenant(), newTenant()]); });

const HASHED = 'assets/index-3f2a9c1d.js';
const script = 'console.log("hello from the app");\n'.repeat(50);
const webZip = (marker: string, extra: Array<{ name: string; data: Buffer | string }> = []) => zip([
  { name: 'index.html', data: `<!doctype html><title>${marker}</title>`, deflate: true },
  { name: HASHED, data: script, deflate: true },
  { name: 'app.js', data: script },
  { name: 'app.js.br', data: brotliCompressSync(script) },
  { name: 'app.js.gz', data: gzipSync(script) },
  { name: 'style.css', data: 'body { color: red }' },
  { name: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  ...extra,
]);

/** A raw request through the gateway: fetch never decompresses what it is not asked to with these headers. */
async function load(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${testStack.gatewayUrl}${path}`, { method, headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}
const text = async (path: string, headers: Record<string, string> = {}) => (await load(path, headers)).body.toString();
const as = (creds: Creds) => ({ authorization: basic(...creds) });

/** A HOSTED application of `tenant` with `zipped` uploaded (and active). */
async function webApp(tenant: TenantHandle, zipped: Buffer, fields: Record<string, unknown> = {}) {
  const app = Object.keys(fields).length
    ? await (async () => { const n = name('web'); return createApp(tenant.admin, { name: n, key: `${n}-key`, type: 'HOSTED', contextPath: n, resourcesUrl: '/', ...fields }); })()
    : await hostedApp(tenant.admin);
  const uploaded = await uploadZip(app.id, tenant.admin, zipped);
  expect(uploaded.status).toBe(201);
  return { id: app.id as string, cp: app.contextPath as string, binaryId: uploaded.body.activeVersionId as string };
}

function expectErrorResource(res: { status: number; body: Buffer }, status: number) {
  expect(res.status).toBe(status);
  expect(JSON.parse(res.body.toString())).toMatchObject({ error: expect.stringMatching(/^applications\//), message: expect.any(String) });
}

describe('registry: web applications served at /apps/<contextPath>/ through the gateway', () => {
  it('serves index.html, the single-page fallback and the files with their type, cache policy, ETag, HEAD and CSP', async () => {
    const { cp } = await webApp(owner, webZip('v1'));
    const root = await load(`/apps/${cp}`, as(owner.admin));
    expect(root.status).toBe(301);
    expect(new URL(root.headers.get('location')!, `${testStack.gatewayUrl}/apps/${cp}`).pathname).toBe(`/apps/${cp}/`);

    const index = await load(`/apps/${cp}/`, as(owner.admin));
    expect(index.status).toBe(200);
    expect(index.body.toString()).toContain('<title>v1</title>');
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('private, no-cache');
    expect(index.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(index.headers.get('vary')).toMatch(/Accept-Encoding/);

    const route = await load(`/apps/${cp}/some/route`, as(owner.admin));
    expect(route).toMatchObject({ status: 200 });
    expect(route.body.toString()).toContain('<title>v1</title>');
    expect(route.headers.get('cache-control')).toBe('private, no-cache');
    expectErrorResource(await load(`/apps/${cp}/missing.js`, as(owner.admin)), 404);

    const hashed = await load(`/apps/${cp}/${HASHED}`, as(owner.admin));
    expect(hashed.status).toBe(200);
    expect(hashed.body.toString()).toBe(script);
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(hashed.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(hashed.headers.get('content-security-policy')).not.toBe(PAGE_CSP);
    expect((await load(`/apps/${cp}/style.css`, as(owner.admin))).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const png = await load(`/apps/${cp}/logo.png`, as(owner.admin));
    expect([png.headers.get('content-type'), png.headers.get('cache-control')]).toEqual(['image/png', 'private, no-cache']);

    const etag = hashed.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const notModified = await load(`/apps/${cp}/${HASHED}`, { ...as(owner.admin), 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);

    const head = await load(`/apps/${cp}/${HASHED}`, as(owner.admin), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ['content-type', 'cache-control', 'etag', 'content-length']) expect(head.headers.get(h)).toBe(hashed.headers.get(h));

    const post = await load(`/apps/${cp}/`, as(owner.admin), 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toMatch(/GET/);
  });

  it('answers a precompressed sibling the client accepts, br first, and the file itself otherwise', async () => {
    const { cp } = await webApp(owner, webZip('enc'));
    const br = await load(`/apps/${cp}/app.js`, { ...as(owner.admin), 'accept-encoding': 'gzip, deflate, br' });
    expect([br.headers.get('content-encoding'), br.headers.get('content-type')]).toEqual(['br', 'text/javascript; charset=utf-8']);
    expect(br.body.toString()).toBe(script); // fetch decodes the answer by its Content-Encoding
    const gz = await load(`/apps/${cp}/app.js`, { ...as(owner.admin), 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.body.toString()).toBe(script);
    expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));
    const identity = await load(`/apps/${cp}/app.js`, { ...as(owner.admin), 'accept-encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.body.toString()).toBe(script);
  });

  it('refuses paths that leave the application\'s folder', async () => {
    const { cp } = await webApp(owner, webZip('trav'));
    const sock = async (path: string) => load(path, as(owner.admin));
    for (const path of [`/apps/${cp}/%2e%2e/x.js`, `/apps/${cp}/a%2f..%2f..%2fx.js`, `/apps/${cp}/..%5cx.js`, `/apps/${cp}/a%5c..%5cindex.html`, `/apps/${cp}/a%00.js`, `/apps/${cp}//etc/passwd`]) {
      const res = await sock(path);
      expect([400, 404]).toContain(res.status);
      expectErrorResource(res, res.status);
    }
    // A client normalises a literal `..` itself; the gateway or the registry refuses what arrives unnormalised.
    const raw = await rawGet(`/apps/${cp}/../x`);
    expect([400, 404]).toContain(raw.status);
  });

  it('switches what it serves at once when another version becomes active', async () => {
    const app = await webApp(owner, webZip('one'));
    expect(await text(`/apps/${app.cp}/`, as(owner.admin))).toContain('<title>one</title>');
    const second = await uploadZip(app.id, owner.admin, webZip('two'));
    expect(await text(`/apps/${app.cp}/`, as(owner.admin))).toContain('<title>two</title>');
    const back = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: owner.admin, body: { activeVersionId: app.binaryId } });
    expect(back.status).toBe(200);
    expect(await text(`/apps/${app.cp}/`, as(owner.admin))).toContain('<title>one</title>');
    expect(second.body.activeVersionId).not.toBe(app.binaryId);

    const moved = name('moved');
    expect((await gw(`/application/applications/${app.id}`, { method: 'PUT', as: owner.admin, body: { contextPath: moved } })).status).toBe(200);
    expectErrorResource(await load(`/apps/${app.cp}/`, as(owner.admin)), 404);
    expect(await text(`/apps/${moved}/`, as(owner.admin))).toContain('<title>one</title>');
    expectErrorResource(await load(`/apps/${moved.toUpperCase()}/`, as(owner.admin)), 404);
    expect((await gw(`/application/applications/${app.id}`, { method: 'DELETE', as: owner.admin })).status).toBe(204);
    expectErrorResource(await load(`/apps/${moved}/`, as(owner.admin)), 404);
  });

  it('serves an application to the tenants that may read it: owner, subscribed, MARKET; everyone else gets the 404 of a missing one', async () => {
    const mine = await webApp(owner, webZip('private'));
    expect((await load(`/apps/${mine.cp}/`, as(owner.admin))).status).toBe(200);
    const hidden = await load(`/apps/${mine.cp}/`, as(other.admin));
    const missing = await load(`/apps/${name('nosuch')}/`, as(other.admin));
    expectErrorResource(hidden, 404);
    expectErrorResource(missing, 404);
    expect(Object.keys(JSON.parse(hidden.body.toString())).sort()).toEqual(Object.keys(JSON.parse(missing.body.toString())).sort());
    expectErrorResource(await load(`/apps/${mine.cp}/`), 404);

    const market = await webApp(managementTenant(), webZip('market'), { availability: 'MARKET' });
    expect(await text(`/apps/${market.cp}/`, as(other.admin))).toContain('<title>market</title>');
    expect(await text(`/apps/${market.cp}/`)).toContain('<title>market</title>');
    expect(await text(`/apps/${market.cp}/`, { authorization: basic(`${other.id}/admin`, 'wrong-password') })).toContain('<title>market</title>');
    expect(await text(`/apps/${market.cp}/`, { cookie: 'authorization=stale.token.value' })).toContain('<title>market</title>');
    expectErrorResource(await load(`/apps/${mine.cp}/`, { authorization: basic(`${owner.id}/admin`, 'wrong-password') }), 404);

    // A subscription keeps an application visible once it is no longer offered (MARKET turned PRIVATE).
    const subscribed = await gw(`/tenant/tenants/${other.id}/applications`, { method: 'POST', as: other.admin, body: { application: { id: market.id } } });
    expect(subscribed.status).toBe(201);
    expect((await gw(`/application/applications/${market.id}`, { method: 'PUT', as: admin(), body: { availability: 'PRIVATE' } })).status).toBe(200);
    await eventually(async () => (await load(`/apps/${market.cp}/`, as(owner.admin))).status, (s) => s === 404, { what: 'the unsubscribed tenant losing the app' });
    expect(await text(`/apps/${market.cp}/`, as(other.admin))).toContain('<title>market</title>');
    expect(await text(`/apps/${market.cp}/`)).toContain('<title>market</title>');
  });

  it('answers 404 for a HOSTED application without an active version and for other types', async () => {
    const bare = await hostedApp(owner.admin);
    expectErrorResource(await load(`/apps/${bare.contextPath}/`, as(owner.admin)), 404);
    const n = name('ms');
    const ms = await createApp(owner.admin, { name: n, key: `${n}-key`, type: 'MICROSERVICE', contextPath: n });
    expectErrorResource(await load(`/apps/${ms.contextPath}/`, as(owner.admin)), 404);
  });
});

/** A GET sent over a plain socket, so the path arrives exactly as written (`..` included). */
async function rawGet(path: string): Promise<{ status: number }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${testStack.gatewayUrl}/`, { path, method: 'GET' }, (res) => { res.resume(); resolve({ status: res.statusCode! }); });
    req.on('error', reject);
    req.end();
  });
}
