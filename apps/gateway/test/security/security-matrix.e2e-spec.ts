import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { MANAGEMENT_ONLY_ROLES } from '@berth/auth';
import { basic, declaredRoutes, testStack } from '@berth/testing';
import { BOOTSTRAP_ESCALATIONS, CASES, GATEWAY_ROUTES, GUARDED_OPTIONS, MatrixCase, Outcome } from './matrix-cases';
import { Creds, Fixture, makeFixture, PRINCIPALS, snapshot, Who } from './matrix-fixture';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Call { route: string; c: MatrixCase; who: Who; outcome: Outcome }
interface Answer extends Call { status: number; text: string }

const method = (route: string) => route.split(' ')[0];
const isWrite = (route: string) => method(route) !== 'GET';

async function send(route: string, c: MatrixCase, f: Fixture, as?: Creds, body = c.body?.(f, 'admin')): Promise<{ status: number; text: string }> {
  const res = await fetch(`${testStack.gatewayUrl}${c.path(f)}`, {
    method: method(route),
    headers: { accept: 'application/json', ...(as ? { authorization: basic(...as) } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const answer = async (call: Call, f: Fixture): Promise<Answer> => ({ ...call, ...await send(call.route, call.c, f, f.as[call.who], call.c.body?.(f, call.who)) });

/** Every (route, case, principal) of the matrix. */
const calls = (): Call[] => Object.entries(CASES).flatMap(([route, cases]) => [cases].flat().flatMap((c) => PRINCIPALS.map((who) => ({ route, c, who, outcome: c.expect[who] }))));

/** A write a principal may make changes A: made last, once every isolation check is done. */
const madeLast = (call: Call) => call.outcome === 'ok' && isWrite(call.route);

/** Runs `fn` on every item, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) { const i = next++; results[i] = await fn(items[i]); }
  }));
  return results;
}

const ACCEPTED: Record<Exclude<Outcome, 'ok' | 'own'>, number[]> = { denied: [403, 404], forbidden: [403], refused: [401, 403, 404] };

/** Why an answer breaks its case's rule, or undefined. */
function breach(a: Answer, f: Fixture): string | undefined {
  const secret = a.c.secret(f);
  if (a.status >= 500) return 'a server error';
  if (a.outcome === 'ok') {
    if (a.status >= 300 && !(a.c.okStatus ?? []).includes(a.status)) return 'expected 2xx';
    if (!isWrite(a.route) && !a.text.includes(secret)) return `the answer lacks ${secret}`;
    return undefined;
  }
  if (a.outcome !== 'own' && !ACCEPTED[a.outcome].includes(a.status)) return `expected ${ACCEPTED[a.outcome].join(' or ')}`;
  if (a.text.includes(secret)) return `the answer names ${secret}`;
  return undefined;
}

const line = (a: Answer, why: string, f: Fixture) => `${a.who} ${a.route} (${a.c.path(f)}) → ${a.status}: ${why} ${a.text.slice(0, 160)}`;
const breaches = (answers: Answer[], f: Fixture, rule = breach) => answers.map((a) => { const why = rule(a, f); return why && line(a, why, f); }).filter((l): l is string => !!l);

/** Every public route (docs/security.md), as every kind of principal, against tenant A's data. */
describe('security matrix: every principal against every route', () => {
  let f: Fixture;
  let before: unknown;

  beforeAll(async () => {
    f = await makeFixture();
    before = await snapshot(f);
  }, 120_000);

  it('classifies every route the apps declare (a new route fails here until it is added to the matrix)', () => {
    const declared = [...declaredRoutes(ROOT).map((r) => `${r.method} ${r.path}`), ...GATEWAY_ROUTES].sort();
    expect(declared.length).toBeGreaterThan(80);
    expect(Object.keys(CASES).sort()).toEqual(declared);
  });

  it('gives each principal what docs/security.md allows it of tenant A\'s data and no more, and changes nothing of A', async () => {
    const answers = await inParallel(calls().filter((c) => !madeLast(c)), 8, (c) => answer(c, f));
    expect(breaches(answers, f)).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 180_000);

  it('gives a bootstrap user 403 on its own application\'s availability and roles, by either route', async () => {
    const own = CASES['PUT /application/currentApplication'] as MatrixCase;
    const byId = { ...own, path: (x: Fixture) => `/application/applications/${x.microservice.id}` };
    const answers = await Promise.all(BOOTSTRAP_ESCALATIONS.flatMap((body) => [own, byId].map(async (c) => ({ route: 'PUT', c, who: 'bootstrap' as const, outcome: 'forbidden' as const, ...await send('PUT', c, f, f.as.bootstrap, body) }))));
    expect(breaches(answers, f, (a) => (a.status === 403 ? undefined : 'expected 403'))).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 60_000);

  it('refuses management-only roles to a tenant\'s users and groups alike', async () => {
    const routes = ['POST /user/:tenant/users/:userName/roles', 'POST /user/:tenant/groups/:id/roles'];
    const answers = await Promise.all(MANAGEMENT_ONLY_ROLES.flatMap((id) => routes.map(async (route) => {
      const c = CASES[route] as MatrixCase;
      return { route, c, who: 'admin' as const, outcome: 'forbidden' as const, ...await send(route, c, f, f.a.admin, { role: { id } }) };
    })));
    expect(breaches(answers, f, (a) => (a.status === 422 ? undefined : 'expected 422'))).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 60_000);

  it('gives an option admin 403 for every write of a trust anchor or a platform limit, by every option route', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const answers: Answer[] = [];
    for (const { category, key, value } of GUARDED_OPTIONS(pem)) {
      const option: MatrixCase = { path: () => `/tenant/options/${category}/${key}`, secret: () => value, expect: (CASES['GET /platform'] as MatrixCase).expect };
      const writes: Array<[string, MatrixCase, unknown]> = [
        ['POST /tenant/options', { ...option, path: () => '/tenant/options' }, { category, key, value }],
        ['PUT /tenant/options/:category', { ...option, path: () => `/tenant/options/${category}` }, { [key]: value }],
        ['PUT /tenant/options/:category/:key', option, { value }],
        ['DELETE /tenant/options/:category/:key', option, undefined],
      ];
      for (const [route, c, body] of writes) answers.push({ route, c, who: 'optionAdmin', outcome: 'forbidden', ...await send(route, c, f, f.as.optionAdmin, body) });
    }
    expect(breaches(answers, f, (a) => (a.status === 403 ? undefined : 'expected 403'))).toEqual([]);
    // The same user still writes an ordinary category: the refusals above are the rule, not a missing role.
    expect((await send('PUT', CASES['PUT /tenant/options/:category/:key'] as MatrixCase, f, f.as.optionAdmin, { value: f.optionValue })).status).toBe(200);
    expect(await snapshot(f)).toEqual(before);
  }, 60_000);

  /**
   * Last, as they change A: the writes docs/security.md gives a principal, each once, A's own
   * principals first, deletions after the other writes (deepest resource first), and the
   * management tenant's changes of A itself at the very end. A write repeating one made before may
   * find its target gone (404) or already there (409), a deletion of what another route deleted gone.
   */
  it('lets each principal make the writes docs/security.md gives it', async () => {
    const depth = (c: Call) => c.c.path(f).split('?')[0].split('/').length;
    const stage = (c: Call) => (c.route.startsWith('PUT /tenant/tenants/:id') || c.route.startsWith('DELETE /tenant/tenants/:id') ? 2 : method(c.route) === 'DELETE' ? 1 : 0);
    const writes = calls().filter(madeLast).sort((x, y) => stage(x) - stage(y) || PRINCIPALS.indexOf(x.who) - PRINCIPALS.indexOf(y.who) || depth(y) - depth(x));
    const made = new Set<string>();
    const answers: Answer[] = [];
    for (const call of writes) {
      const a = await answer(call, f);
      const request = `${method(call.route)} ${call.c.path(f)}`;
      const deleted = `DELETE of ${call.c.secret(f)}`;
      const repeated = (made.has(request) && (a.status === 404 || a.status === 409)) || (method(call.route) === 'DELETE' && made.has(deleted) && a.status === 404);
      answers.push(repeated ? { ...a, status: 204 } : a);
      if (a.status < 300) made.add(request).add(method(call.route) === 'DELETE' ? deleted : request);
    }
    expect(breaches(answers, f)).toEqual([]);
  }, 120_000);
});
