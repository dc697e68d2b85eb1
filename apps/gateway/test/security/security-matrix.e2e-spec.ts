import { join } from 'node:path';
import { basic, declaredRoutes, testStack } from '@berth/testing';
import { CASES, GATEWAY_ROUTES, MatrixCase } from './matrix-cases';
import { Creds, Fixture, makeFixture, snapshot } from './matrix-fixture';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Answer { route: string; status: number; text: string }

async function call(route: string, c: MatrixCase, f: Fixture, as?: Creds): Promise<Answer> {
  const method = route.split(' ')[0];
  const body = c.body?.(f);
  const res = await fetch(`${testStack.gatewayUrl}${c.path(f)}`, {
    method,
    headers: { accept: 'application/json', ...(as ? { authorization: basic(...as) } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { route, status: res.status, text: await res.text() };
}

/** The answers that break the rule, as readable lines (an empty list passes). */
function breaches(answers: Answer[], rule: (a: Answer) => string | undefined): string[] {
  return answers.map((a) => { const why = rule(a); return why && `${a.route} → ${a.status}: ${why} ${a.text.slice(0, 160)}`; }).filter((l): l is string => !!l);
}

/** Issue 10, "Security": every public route, as another tenant's admin and as a user without roles. */
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
      if (CASES[a.route].noRoles === 'denied' && a.status !== 403 && !(a.route === 'POST /internal/authenticate' && a.status === 404)) return 'expected 403';
      return undefined;
    })).toEqual([]);
    expect(await snapshot(f)).toEqual(before);
  }, 180_000);
});
