import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { MANAGEMENT_ONLY_ROLES } from '@berth/auth';
import { basic, declaredRoutes, testStack } from '@berth/testing';
import { BOOTSTRAP_ESCALATIONS, CASES, GATEWAY_ROUTES, GUARDED_OPTIONS, MatrixCase, TENANT_LISTINGS } from './matrix-cases';
import { Creds, Fixture, makeFixture, snapshot } from './matrix-fixture';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Answer { route: string; status: number; text: string }

async function call(route: string, c: MatrixCase, f: Fixture, as?: Creds, body = c.body?.(f)): Promise<Answer> {
  const method = route.split(' ')[0];
  const res = await fetch(`${testStack.gatewayUrl}${c.path(f)}`, {
    method,
    headers: { accept: 'application/json', ...(as ? { authorization: basic(...as) } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { route, status: res.status, text: await res.text() };
}

/** The apps' internal routes, which the gateway never forwards (404 to everyone). */
const internal = (route: string) => route.split(' ')[1].startsWith('/internal/');

/** The answers that break the rule, as readable lines (an empty list passes). */
function breaches(answers: Answer[], rule: (a: Answer) => string | undefined): string[] {
  return answers.map((a) => { const why = rule(a); return why && `${a.route} → ${a.status}: ${why} ${a.text.slice(0, 160)}`; }).filter((l): l is string => !!l);
}

/** Every public route (docs/security.md), as another tenant's admin and as a user without roles. */
describe('security matrices: tenant isolation and roles, for every public route', () => {
  let f: Fixture;
  let before: unknown;

  beforeAll(async () => {
    f = await makeFixture();
    before = await snapshot(f);
  }, 120_000);

  it('classifies every route the apps declare (a new route fails here until it is added to the matrices)', () => {
    const declared = [...declaredRoutes(ROOT).map((r) => `${r.method} ${r.path}`), ...GATEWAY_ROUTES].sort();
    expect(declared.length).toBeGreaterThan(80);
    expect(Object.keys(CASES).sort()).toEqual(declared);
  });

  it('gives another tenant\'s admin 403 or 404 for every route naming the tenant\'s data, and never its data elsewhere', async () => {
    const answers: Answer[] = [];
    for (const [route, c] of Object.entries(CASES)) answers.push(await call(route, c, f, c.isolation === 'public' ? undefined : f.b.admin));
    expect(breaches(answers, (a) => {
      const c = CASES[a.route];
      if (a.status >= 500) return 'a server error';
      if (c.isolation === 'denied' && a.status !== 403 && a.status !== 404) return 'expected 403 or 404';
      if (c.isolation === 'public' && a.status < 400) return 'expected a refusal';
      const secret = c.secret?.(f);
      if (secret && a.status < 300 && a.text.includes(secret)) return `the answer names ${secret}`;
      return undefined;
    })).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 180_000);

  it('gives a user without roles 403 for every route that needs one, and changes nothing', async () => {
    const answers: Answer[] = [];
    for (const [route, c] of Object.entries(CASES)) if (c.isolation !== 'public') answers.push(await call(route, c, f, f.noRoles));
    expect(breaches(answers, (a) => {
      if (a.status >= 500) return 'a server error';
      if (CASES[a.route].noRoles === 'denied' && a.status !== 403 && !(internal(a.route) && a.status === 404)) return 'expected 403';
      return undefined;
    })).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 180_000);

  it('tells another tenant\'s admin nothing of the tenant\'s subscriptions, whatever listing or filter it asks', async () => {
    const answers: Answer[] = [];
    for (const path of TENANT_LISTINGS) answers.push(await call(`GET ${path(f)}`, { path, isolation: 'denied', noRoles: 'denied' }, f, f.b.admin));
    expect(breaches(answers, (a) => {
      if (a.status >= 500) return 'a server error';
      if (a.status < 300 && (a.text.includes(f.hosted.name) || a.text.includes(f.microservice.name))) return 'the answer names A\'s application';
      return undefined;
    })).toEqual([]);
  }, 60_000);

  it('gives a bootstrap user 403 on every write but its own application, where availability and roles stay out of its reach', async () => {
    const writes = Object.entries(CASES).filter(([route, c]) => !route.startsWith('GET ') && c.isolation !== 'public' && !internal(route) && route !== 'PUT /application/currentApplication');
    const answers: Answer[] = [];
    for (const [route, c] of writes) {
      // A route that answers without any principal (the login page's POST /tenant/loginOptions) is not the bootstrap user's write.
      if ((await call(route, c, f)).status < 400) continue;
      answers.push(await call(route, c, f, f.bootstrap));
    }
    const own = CASES['PUT /application/currentApplication'];
    for (const body of BOOTSTRAP_ESCALATIONS) answers.push(await call('PUT /application/currentApplication', own, f, f.bootstrap, body));
    for (const body of BOOTSTRAP_ESCALATIONS) answers.push(await call('PUT /application/applications/:id', { ...own, path: (x) => `/application/applications/${x.microservice.id}` }, f, f.bootstrap, body));
    expect(breaches(answers, (a) => (a.status === 403 ? undefined : 'expected 403'))).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 180_000);

  it('refuses management-only roles to a tenant\'s users and groups alike', async () => {
    const answers: Answer[] = [];
    for (const id of MANAGEMENT_ONLY_ROLES) {
      for (const route of ['POST /user/:tenant/users/:userName/roles', 'POST /user/:tenant/groups/:id/roles']) {
        answers.push(await call(route, CASES[route], f, f.a.admin, { role: { id } }));
      }
    }
    expect(breaches(answers, (a) => (a.status === 422 ? undefined : 'expected 422'))).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 60_000);

  it('gives an option admin 403 for every write of a trust anchor or a platform limit, by every option route', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const answers: Answer[] = [];
    for (const { category, key, value } of GUARDED_OPTIONS(pem)) {
      const option = { path: () => `/tenant/options/${category}/${key}`, isolation: 'own', noRoles: 'denied' } as const;
      answers.push(await call('POST /tenant/options', { ...option, path: () => '/tenant/options' }, f, f.optionAdmin, { category, key, value }));
      answers.push(await call('PUT /tenant/options/:category', { ...option, path: () => `/tenant/options/${category}` }, f, f.optionAdmin, { [key]: value }));
      answers.push(await call('PUT /tenant/options/:category/:key', option, f, f.optionAdmin, { value }));
      answers.push(await call('DELETE /tenant/options/:category/:key', option, f, f.optionAdmin));
    }
    expect(breaches(answers, (a) => (a.status === 403 ? undefined : 'expected 403'))).toEqual([]);
    // The same user still writes an ordinary category: the refusals above are the rule, not a missing role.
    expect((await call('PUT /tenant/options/:category/:key', CASES['PUT /tenant/options/:category/:key'], f, f.optionAdmin, { value: f.optionValue })).status).toBe(200);
    expect(await snapshot(f)).toEqual(before);
  }, 60_000);
});
