import { request } from 'undici';
import { admin, BRAND, eventually, gw, newTenant, testStack } from '@berth/testing';

function expectUnauthorized(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ error: 'security/Unauthorized', message: expect.any(String), info: expect.stringMatching(/^http/) });
}

describe('authentication through the gateway: Basic', () => {
  it('refuses a request without credentials with 401, Basic challenge, or XBasic for UseXBasic clients', async () => {
    const none = await gw('/user/currentUser');
    expectUnauthorized(none);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const js = await gw('/user/currentUser', { headers: { UseXBasic: 'true' } });
    expectUnauthorized(js);
    expect(js.headers.get('www-authenticate')).toMatch(/^XBasic realm=/);
  });

  it('refuses a bare "Basic", garbage, a wrong password, an unknown user and an unknown tenant with 401', async () => {
    expectUnauthorized(await gw('/user/currentUser', { headers: { authorization: 'Basic' } }));
    expectUnauthorized(await gw('/user/currentUser', { headers: { authorization: 'Basic %%%' } }));
    expectUnauthorized(await gw('/user/currentUser', { as: ['management/admin', 'wrong-password'] }));
    expectUnauthorized(await gw('/user/currentUser', { as: ['management/nobody', testStack.adminPassword] }));
    expectUnauthorized(await gw('/user/currentUser', { as: ['t00000000/admin', testStack.adminPassword] }));
  });

  it('accepts tenant/user and, with no tenant, the default tenant; currentUser shows the effective roles', async () => {
    for (const user of ['management/admin', 'admin']) {
      const res = await gw('/user/currentUser', { as: [user, testStack.adminPassword] });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`${BRAND}.currentUser+json;ver=0.9;charset=UTF-8`);
      expect(res.body).toMatchObject({ id: 'admin', userName: 'admin', self: expect.stringMatching(/\/user\/currentUser$/) });
      expect(res.body.effectiveRoles).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'ROLE_TENANT_MANAGEMENT_ADMIN' })]));
      expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/);
      expect(JSON.stringify(res.body)).not.toContain(testStack.adminPassword);
    }
    const tenant = await gw('/tenant/currentTenant', { as: admin() });
    expect(tenant).toMatchObject({ status: 200, body: { name: 'management', domainName: 'management', self: expect.stringMatching(/\/tenant\/currentTenant$/) } });
  });

  it('takes the tenant from the first label of the Host header when the credentials name none', async () => {
    const t = await newTenant();
    const user = t.admin[0].split('/')[1];
    const res = await request(`${testStack.gatewayUrl}/tenant/currentTenant`, {
      headers: { host: t.domain, authorization: `Basic ${Buffer.from(`${user}:${t.admin[1]}`).toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toMatchObject({ name: t.id, domainName: t.domain });
  });

  it('never takes a principal from the client', async () => {
    const forged = await gw('/user/currentUser', { headers: { 'x-berth-principal': 'v2.e30.AAAA' } });
    expectUnauthorized(forged);
    const direct = await fetch(`${testStack.appUrl('tenant-options')}/user/currentUser`);
    expect(direct.status).toBe(401);
  });

  it('locks a user out after repeated failures, and logs the lockout', async () => {
    const t = await newTenant();
    for (let i = 0; i < 5; i++) expectUnauthorized(await gw('/user/currentUser', { as: [t.admin[0], 'Wrong-password-1'] }));
    const locked = await gw('/user/currentUser', { as: t.admin });
    expectUnauthorized(locked);
    expect(locked.body.message).toMatch(/locked/);
    const { readFileSync } = await import('node:fs');
    // Log lines are written in the background: wait for this one a moment.
    const log = await eventually(async () => readFileSync(testStack.logFile('tenant-options'), 'utf8'), (text) => text.includes(`"user":"${t.id}/boss"`));
    expect(log).toContain(`"user":"${t.id}/boss"`);
  });
});
