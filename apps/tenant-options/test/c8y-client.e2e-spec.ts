import { BasicAuth, Client, FetchClient, ITenantOption } from '@c8y/client';
import { newTenant, testStack } from '@berth/testing';
import { ADMIN_ROLES, userWith } from './options-fixture';

/** The real platform's JS SDK (npm `@c8y/client`) against the stack, through the gateway. */
describe('tenant options: @c8y/client options.tenant', () => {
  let client: Client;
  const option = { category: 'sdk.e2e', key: 'greeting', value: 'hello' };

  beforeAll(async () => {
    const tenant = await newTenant();
    const [user, password] = await userWith(tenant, ADMIN_ROLES);
    const auth = new BasicAuth({ tenant: tenant.id, user: user.split('/')[1], password });
    client = new Client(auth, testStack.gatewayUrl);
  });

  it('creates, reads, updates, lists and deletes an option', async () => {
    const created = await client.options.tenant.create(option);
    expect(created.res.status).toBe(201);
    expect(created.data).toMatchObject(option);

    const detail = await client.options.tenant.detail({ category: option.category, key: option.key });
    expect(detail.res.status).toBe(200);
    expect(detail.data).toMatchObject(option);

    const updated = await client.options.tenant.update({ ...option, value: 'hello again' });
    expect(updated.res.status).toBe(200);
    expect(updated.data).toMatchObject({ ...option, value: 'hello again' });

    await client.options.tenant.create({ category: option.category, key: 'second', value: '2' });
    const list = await client.options.tenant.list({ pageSize: 1, withTotalPages: true });
    expect(list.res.status).toBe(200);
    expect(list.data).toHaveLength(1);
    expect(list.paging!.totalPages).toBe(2);
    const next = await list.paging!.next();
    const listed = [...list.data, ...next.data].map((o: ITenantOption) => [o.key, o.value]).sort();
    expect(listed).toEqual([['greeting', 'hello again'], ['second', '2']]);

    const deleted = await client.options.tenant.delete({ category: option.category, key: option.key });
    expect(deleted.res.status).toBe(204);
    await expect(client.options.tenant.detail({ category: option.category, key: option.key }))
      .rejects.toMatchObject({ res: { status: 404 }, data: { error: 'options/Not Found' } });
  });

  it('gets the SDK\'s error object for a refusal: a read-only user may not create', async () => {
    const tenant = await newTenant();
    const [user, password] = await userWith(tenant, ['ROLE_OPTION_MANAGEMENT_READ']);
    const reader = new Client(new BasicAuth({ tenant: tenant.id, user: user.split('/')[1], password }), testStack.gatewayUrl);
    await expect(reader.options.tenant.create(option)).rejects.toMatchObject({ res: { status: 403 }, data: { error: 'security/Forbidden' } });
    const fetchClient = new FetchClient(new BasicAuth({ tenant: tenant.id, user: user.split('/')[1], password: 'wrong' }), testStack.gatewayUrl);
    expect((await fetchClient.fetch('/tenant/options')).status).toBe(401);
  });
});
