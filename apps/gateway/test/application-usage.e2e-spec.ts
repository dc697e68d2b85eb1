import { randomUUID } from 'node:crypto';
import { admin, BRAND, gw, newTenant, testStack } from '@berth/testing';

const PATH = '/tenant/statistics/applicationUsage';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pw = () => `Pw-${randomUUID()}`;

/** A user of the management tenant holding only `roles`. */
async function managementUser(roles: string[]): Promise<[string, string]> {
  const name = `stats-${randomUUID().slice(0, 8)}`;
  const password = pw();
  expect((await gw('/user/management/users', { method: 'POST', as: admin(), body: { userName: name, password } })).status).toBe(201);
  for (const role of roles) {
    expect((await gw(`/user/management/users/${name}/roles`, { method: 'POST', as: admin(), body: { role: { id: role } } })).status).toBe(201);
  }
  return [`management/${name}`, password];
}

async function expectError(res: Awaited<ReturnType<typeof gw>>, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ error, message: expect.any(String), info: expect.stringMatching(/^http/) });
}

describe('gateway: application usage for the management tenant', () => {
  it('answers today\'s requests per application key and the device requests, counted through the gateway', async () => {
    const key = `e2e-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) expect((await gw('/platform', { as: admin(), headers: { 'X-Cumulocity-Application-Key': key } })).status).toBe(200);
    const before = await gw(PATH, { as: admin() });
    await gw('/platform', { as: admin() });
    const res = await gw(PATH, { as: admin() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.applicationUsage+json;ver=0.9;charset=UTF-8`);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({ self: `${testStack.gatewayUrl}${PATH}?dateFrom=${today}&dateTo=${today}`, dateFrom: today, dateTo: today });
    expect(res.body.days).toHaveLength(1);
    const [entry] = res.body.days;
    expect(entry.day).toBe(today);
    expect(entry.applications).toContainEqual({ applicationKey: key, requests: 3 });
    expect(entry.deviceRequests).toBeGreaterThanOrEqual(before.body.days[0].deviceRequests + 2);
    const apps = entry.applications.reduce((sum: number, a: { requests: number }) => sum + a.requests, 0);
    expect(entry.totalRequests).toBe(apps + entry.deviceRequests);
  });

  it('lists every day of the range, oldest first, days without requests as zero', async () => {
    const res = await gw(`${PATH}?dateFrom=${day(-3)}&dateTo=${day(0)}`, { as: admin() });
    expect(res.status).toBe(200);
    expect(res.body.days.map((d: { day: string }) => d.day)).toEqual([day(-3), day(-2), day(-1), day(0)]);
    expect(res.body.days[0]).toEqual({ day: day(-3), applications: [], deviceRequests: 0, totalRequests: 0 });
  });

  it.each([
    ['dateFrom=2026-02-30', 'dateFrom'], ['dateTo=tomorrow', 'dateTo'], ['dateFrom=2026-01-01T00:00:00Z', 'dateFrom'],
    ['dateFrom=2025-01-01&dateTo=2026-02-05', '401 days'], ['dateFrom=2026-02-02&dateTo=2026-02-01', 'after'],
  ])('refuses %s with 422', async (query, mentions) => {
    const res = await gw(`${PATH}?${query}`, { as: admin() });
    await expectError(res, 422, 'general/Unprocessable Entity');
    expect(res.body.message).toContain(mentions);
  });

  it('is readable with ROLE_TENANT_STATISTICS_READ alone, and forbidden to management users without a statistics or tenant role', async () => {
    expect((await gw(PATH, { as: await managementUser(['ROLE_TENANT_STATISTICS_READ']) })).status).toBe(200);
    expect((await gw(PATH, { as: await managementUser(['ROLE_TENANT_MANAGEMENT_READ']) })).status).toBe(200);
    await expectError(await gw(PATH, { as: await managementUser(['ROLE_USER_MANAGEMENT_READ']) }), 403, 'security/Forbidden');
  });

  it('is forbidden to other tenants, even to their admin', async () => {
    const t = await newTenant();
    await expectError(await gw(PATH, { as: t.admin }), 403, 'security/Forbidden');
  });

  it('needs authentication, and answers other methods with 405', async () => {
    await expectError(await gw(PATH), 401, 'security/Unauthorized');
    const res = await gw(PATH, { method: 'POST', as: admin(), body: {} });
    await expectError(res, 405, 'general/Method Not Allowed');
    expect(res.headers.get('allow')).toContain('GET');
  });
});
