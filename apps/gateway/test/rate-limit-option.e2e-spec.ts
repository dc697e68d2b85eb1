import { admin, gw, newTenant } from '@berth/testing';

const BURST = 6;
const optionPath = (tenant: string, key: string) => `/tenant/tenants/${tenant}/options/rate.limit/${key}`;

/** `BURST` requests of one tenant at once through the stack's gateway; their statuses. */
async function burst(as: [string, string]): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: BURST }, () => gw('/tenant/currentTenant', { as })));
  return answers.map((a) => a.status);
}

/**
 * A tenant's rate limit written as options by the management tenant, through the API
 * (docs/security.md): the stack's gateway applies it to that tenant from its next request (the
 * write's position is carried to later requests), leaves other tenants at the platform default
 * (the stack's is far above a burst), and deleting the options restores that default.
 */
describe('gateway: rate limits written as tenant options', () => {
  it('limits only the tenant the options name, and lifts the limit when they are deleted', async () => {
    const limited = await newTenant();
    const other = await newTenant();
    expect(await burst(limited.admin)).toEqual(Array(BURST).fill(200));

    // The tenant cannot write its own limits.
    expect((await gw('/tenant/options/rate.limit/queue.length', { method: 'PUT', as: limited.admin, body: { value: '100' } })).status).toBe(403);

    for (const [key, value] of [['requests.per.second', '0.001'], ['queue.length', '0']]) {
      const put = await gw(optionPath(limited.id, key), { method: 'PUT', as: admin(), body: { value } });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ category: 'rate.limit', key, value });
    }

    // One token at most, no queue: the rest of the burst is refused at once.
    const limitedStatuses = await burst(limited.admin);
    expect(limitedStatuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(limitedStatuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(BURST - 1);
    expect(await burst(other.admin)).toEqual(Array(BURST).fill(200));

    for (const key of ['requests.per.second', 'queue.length']) {
      expect((await gw(optionPath(limited.id, key), { method: 'DELETE', as: admin() })).status).toBe(204);
    }
    expect(await burst(limited.admin)).toEqual(Array(BURST).fill(200));
  });
});
