import { gw, managementTenant, newTenant, TenantHandle } from '@berth/testing';
import { BRAND, call, create, expectError, microservice, READ, unique, userName, userWith } from './registry-client';

let OWNER: TenantHandle;
let OTHER: TenantHandle;
const ids = (body: any) => body.applications.map((a: any) => a.id);

describe('registry: collections (all, by name, and the filters clients send)', () => {
  let priv: any;
  let market: any;
  let hosted: any;
  let otherPriv: any;
  let offered: any;

  beforeAll(async () => {
    [OWNER, OTHER] = await Promise.all([newTenant(), newTenant()]);
    priv = await create(OWNER, microservice());
    market = await create(OWNER, microservice({ availability: 'MARKET' }));
    const name = unique('web');
    hosted = await create(OWNER, { name, key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/' });
    otherPriv = await create(OTHER, microservice());
    offered = await create(managementTenant(), microservice({ availability: 'MARKET' }));
  });

  it('lists what the caller may see: its own, the management tenant\'s MARKET ones and the known applications, with the collection media type', async () => {
    const res = await call('GET', `/application/applications?owner=${OWNER.id}&pageSize=10`, { tenant: OWNER, roles: READ });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.applicationCollection+json;ver=0.9;charset=UTF-8`);
    expect(ids(res.body).sort()).toEqual([priv.id, market.id, hosted.id].sort());
    // OWNER's MARKET application is offered to OWNER's subtenants only; OTHER is the management tenant's.
    const seen = await call('GET', `/application/applications?owner=${OWNER.id}&pageSize=10`, { tenant: OTHER, roles: READ });
    expect(ids(seen.body)).toEqual([]);
    const all = await call('GET', '/application/applications?pageSize=2000', { tenant: OTHER, roles: READ });
    expect(ids(all.body)).toEqual(expect.arrayContaining([offered.id, otherPriv.id]));
    expect(ids(all.body)).not.toContain(priv.id);
    expect(ids(all.body)).not.toContain(market.id);
    expect(all.body.applications.map((a: any) => a.name)).toEqual(expect.arrayContaining(['cockpit', 'cep', 'feature-broker']));
  });

  it('pages with statistics, next and prev links; a page past the end is empty; withTotalPages counts', async () => {
    const first = await call('GET', `/application/applicationsByOwner/${OWNER.id}?pageSize=2&withTotalPages=true`, { tenant: OWNER });
    expect(first.body.statistics).toEqual({ pageSize: 2, currentPage: 1, totalPages: 2 });
    expect(first.body.applications).toHaveLength(2);
    expect(first.body.self).toMatch(new RegExp(`/application/applicationsByOwner/${OWNER.id}\\?`));
    expect(first.body.next).toContain('currentPage=2');
    const second = await call('GET', new URL(first.body.next).pathname + new URL(first.body.next).search, { tenant: OWNER });
    expect(second.body.applications).toHaveLength(1);
    expect(second.body.prev).toContain('currentPage=1');
    expect(second.body.next).toBeUndefined();
    const past = await call('GET', `/application/applicationsByOwner/${OWNER.id}?pageSize=2&currentPage=9`, { tenant: OWNER });
    expect(past.status).toBe(200);
    expect(past.body.applications).toEqual([]);
    const count = await call('GET', `/application/applications?owner=${OWNER.id}&pageSize=1&withTotalPages=true`, { tenant: OWNER });
    expect(count.body.statistics.totalPages).toBe(3);
    expect(ids(first.body).concat(ids(second.body)).sort()).toEqual([priv.id, market.id, hosted.id].sort());
  });

  it('refuses bad paging and filter values with 422', async () => {
    expectError(await call('GET', '/application/applications?pageSize=abc', { tenant: OWNER }), 422, 'paging/Unprocessable Entity');
    expectError(await call('GET', '/application/applications?hasVersions=maybe', { tenant: OWNER }), 422, 'applications/Unprocessable Entity');
  });

  it('filters by name, type (comma list) and hasVersions', async () => {
    const byName = await call('GET', `/application/applications?name=${priv.name}`, { tenant: OWNER });
    expect(ids(byName.body)).toEqual([priv.id]);
    const byType = await call('GET', `/application/applications?owner=${OWNER.id}&type=HOSTED,EXTERNAL&pageSize=10`, { tenant: OWNER });
    expect(ids(byType.body)).toEqual([hosted.id]);
    const both = await call('GET', `/application/applications?owner=${OWNER.id}&type=HOSTED,MICROSERVICE&pageSize=10`, { tenant: OWNER });
    expect(ids(both.body)).toHaveLength(3);
    const none = await call('GET', `/application/applications?owner=${OWNER.id}&hasVersions=true`, { tenant: OWNER });
    expect(none.body.applications).toEqual([]);
    const without = await call('GET', `/application/applications?owner=${OWNER.id}&hasVersions=false&pageSize=10`, { tenant: OWNER });
    expect(ids(without.body)).toHaveLength(3);
  });

  it('finds by name through applicationsByName, only where visible', async () => {
    const mine = await call('GET', `/application/applicationsByName/${priv.name}`, { tenant: OWNER, roles: READ });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe(`${BRAND}.applicationCollection+json;ver=0.9;charset=UTF-8`);
    expect(ids(mine.body)).toEqual([priv.id]);
    const hidden = await call('GET', `/application/applicationsByName/${priv.name}`, { tenant: OTHER });
    expect(hidden.body.applications).toEqual([]);
    expect((await call('GET', `/application/applicationsByName/${market.name}`, { tenant: OTHER })).body.applications).toEqual([]);
    expect(ids((await call('GET', `/application/applicationsByName/${offered.name}`, { tenant: OTHER })).body)).toEqual([offered.id]);
  });

  it('lists by owner and by tenant (owner or subscriber) with the filters owner and tenant', async () => {
    const own = [priv.id, market.id, hosted.id].sort();
    expect(ids((await call('GET', `/application/applications?owner=${OWNER.id}&pageSize=10`, { tenant: OWNER })).body).sort()).toEqual(own);
    expect(ids((await call('GET', `/application/applicationsByOwner/${OWNER.id}?pageSize=10`, { tenant: OWNER })).body).sort()).toEqual(own);
    const byManagement = ids((await call('GET', '/application/applications?owner=management&pageSize=2000', { tenant: OWNER })).body);
    expect(byManagement).toContain(offered.id);
    expect(byManagement).not.toContain(priv.id);
    expect(ids((await call('GET', `/application/applications?tenant=${OWNER.id}&pageSize=10`, { tenant: OWNER })).body).sort()).toEqual(own);
    // A subscriber counts for `tenant`, not for `owner`; the subscription's 2xx is seen by the next read (docs/consistency.md).
    expect((await gw(`/tenant/tenants/${OWNER.id}/applications`, { method: 'POST', as: OWNER.admin, body: { application: { id: offered.id } } })).status).toBe(201);
    expect(ids((await call('GET', `/application/applications?tenant=${OWNER.id}&pageSize=10`, { tenant: OWNER })).body).sort()).toEqual([...own, offered.id].sort());
    expect(ids((await call('GET', `/application/applications?owner=${OWNER.id}&pageSize=10`, { tenant: OWNER })).body).sort()).toEqual(own);
  });

  it('lists by user what the user\'s tenant sees, and honours noPaging', async () => {
    const user = userName(await userWith(OWNER, ['ROLE_Application_READ']));
    const res = await call('GET', `/application/applicationsByUser/${user}?dropOverwrittenApps=true&noPaging=true`, { tenant: OWNER, roles: ['ROLE_Application_READ'] });
    expect(res.status).toBe(200);
    expect(res.body.statistics.pageSize).toBe(2000);
    expect(ids(res.body)).toEqual(expect.arrayContaining([priv.id, market.id, hosted.id]));
    expect(ids(res.body)).not.toContain(otherPriv.id);
  });

  it('filters by user: what that user\'s tenant sees, so another tenant\'s PRIVATE ones never', async () => {
    const user = userName(await userWith(OWNER, READ));
    const res = await call('GET', `/application/applications?user=${user}&owner=${OWNER.id}&pageSize=10`, { tenant: OWNER, roles: READ });
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual([priv.id, market.id, hosted.id].sort());
    const viewer = userName(await userWith(OTHER, READ));
    const mine = await call('GET', `/application/applications?user=${viewer}&pageSize=2000`, { tenant: OTHER, roles: READ });
    expect(ids(mine.body)).toEqual(expect.arrayContaining([offered.id, otherPriv.id]));
    expect(ids(mine.body)).not.toContain(priv.id);
    expect(ids(mine.body)).not.toContain(market.id);
  });

  it('has the known applications seeded once, owned by the management tenant, MARKET, with their dependencies', async () => {
    const byName = async (name: string) => (await call('GET', `/application/applicationsByName/${name}`, { tenant: OTHER })).body.applications;
    const [cockpit] = await byName('cockpit');
    expect(cockpit).toMatchObject({ type: 'HOSTED', availability: 'MARKET', contextPath: 'cockpit', owner: { tenant: { id: 'management' } } });
    const cep = await byName('cep');
    expect(cep).toHaveLength(1);
    expect(cep[0]).toMatchObject({ type: 'MICROSERVICE', requiredRoles: [], roles: [] });
    expect((await byName('smartrule'))[0].dependencies).toEqual([{ anyOf: ['cep', 'cep-small'] }]);
    expect((await byName('feature-cep-custom-rules'))[0]).toMatchObject({ type: 'FEATURE', dependencies: [{ anyOf: ['cep-small'] }] });
    const features = await call('GET', '/application/applications?type=FEATURE&pageSize=50', { tenant: OTHER });
    expect(features.body.applications.map((a: any) => a.name).sort()).toEqual([
      'feature-broker', 'feature-cep-custom-rules', 'feature-fieldbus4', 'feature-microservice-hosting', 'feature-user-hierarchy',
    ]);
  });
});
