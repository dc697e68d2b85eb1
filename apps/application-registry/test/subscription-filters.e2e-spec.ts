import { admin as managementAdmin, eventually, gw, newTenant, TenantHandle } from '@berth/testing';
import { expectError, microservice } from './registry-client';

type Creds = [string, string];
const ids = (res: { body: any }) => (res.body?.applications ?? []).map((a: any) => a.id);

describe('tenant boundaries: another tenant\'s subscriptions are not listed', () => {
  let A: TenantHandle;
  let B: TenantHandle;
  let app: any;
  /** Every listing that filters by the applications a tenant is subscribed to. */
  const listings = (tenant: string) => [
    `/application/applicationsByTenant/${tenant}`,
    `/application/applications?subscriber=${tenant}`,
    `/application/applications?providedFor=${tenant}`,
    `/application/applications?tenant=${tenant}`,
  ];

  beforeAll(async () => {
    [A, B] = await Promise.all([newTenant(), newTenant()]);
    const made = await gw('/application/applications', { method: 'POST', as: managementAdmin(), body: microservice({ availability: 'MARKET' }) });
    expect(made.status).toBe(201);
    app = made.body;
    // The subscription app learns of a new application from the registry's events: 404 until then.
    const subscribed = await eventually(
      () => gw(`/tenant/tenants/${B.id}/applications`, { method: 'POST', as: B.admin, body: { application: { id: app.id } } }),
      (r) => r.status !== 404, { timeoutMs: 60000, what: 'the subscription app knows the application' },
    );
    expect(subscribed.status).toBe(201);
    await eventually(async () => ids(await gw(`/application/applicationsByTenant/${B.id}`, { as: B.admin })), (listed) => listed.includes(app.id), { timeoutMs: 30000, what: 'the registry knows the subscription' });
  }, 120000);

  it('answers A\'s admin 403 security/Forbidden for B\'s subscriber, providedFor, tenant and applicationsByTenant listings', async () => {
    for (const path of listings(B.id)) {
      expectError(await gw(path, { as: A.admin }), 403, 'security/Forbidden', new RegExp(`subscriptions of tenant ${B.id}`));
    }
    expectError(await gw(`/application/applications?owner=${A.id}&subscriber=${B.id}`, { as: A.admin }), 403, 'security/Forbidden');
  });

  it('still lists B\'s subscriptions to B itself and to the management tenant', async () => {
    for (const as of [B.admin, managementAdmin()] as Creds[]) {
      for (const path of listings(B.id)) expect(ids(await gw(path, { as }))).toContain(app.id);
    }
    expect(ids(await gw(`/application/applicationsByTenant/${A.id}`, { as: A.admin }))).not.toContain(app.id);
  });

  it('leaves the owner filter open: it narrows what A sees anyway, and shows nothing of B\'s subscriptions', async () => {
    const res = await gw(`/application/applicationsByOwner/${B.id}`, { as: A.admin });
    expect(res.status).toBe(200);
    expect(res.body.applications).toEqual([]);
  });
});
