import { admin, call, COLLECTION_TYPE, newTenant, OPTION_TYPE, reader, system, TenantHandle, userWith } from './options-fixture';

describe('tenant options: paths', () => {
  let tenant: TenantHandle;
  let me: ReturnType<typeof admin>;
  beforeAll(async () => {
    tenant = await newTenant();
    me = admin(tenant);
  });

  it('POST creates an option: 201, Location, the option media type', async () => {
    const res = await call(me, 'POST', '/tenant/options', { category: 'alarm.type.mapping', key: 'c8y_Temp', value: 'MAJOR' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe(OPTION_TYPE);
    expect(res.headers.get('location')).toMatch(/\/tenant\/options\/alarm\.type\.mapping\/c8y_Temp$/);
    expect(res.body).toEqual({ self: res.headers.get('location'), category: 'alarm.type.mapping', key: 'c8y_Temp', value: 'MAJOR' });
    const again = await call(me, 'GET', '/tenant/options/alarm.type.mapping/c8y_Temp');
    expect(again.status).toBe(200);
    expect(again.body.value).toBe('MAJOR');
  });

  it('PUT takes {value} or the whole option, and creates a missing one', async () => {
    expect((await call(me, 'PUT', '/tenant/options/ui/theme', { value: 'dark' })).body).toMatchObject({ category: 'ui', key: 'theme', value: 'dark' });
    const whole = await call(me, 'PUT', '/tenant/options/ui/theme', { category: 'ui', key: 'theme', value: 'light' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe(OPTION_TYPE);
    expect((await call(me, 'GET', '/tenant/options/ui/theme')).body.value).toBe('light');
    const mismatch = await call(me, 'PUT', '/tenant/options/ui/theme', { category: 'ui', key: 'other', value: 'x' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe('options/Invalid Data');
  });

  it('GET and PUT a category as a flat key -> value map', async () => {
    const put = await call(me, 'PUT', '/tenant/options/dashboard', { refresh: '30', layout: 'grid' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ layout: 'grid', refresh: '30' });
    await call(me, 'PUT', '/tenant/options/dashboard', { refresh: '60' });
    expect((await call(me, 'GET', '/tenant/options/dashboard')).body).toEqual({ layout: 'grid', refresh: '60' });
    expect((await call(me, 'GET', '/tenant/options/empty.category')).body).toEqual({});
    const bad = await call(me, 'PUT', '/tenant/options/dashboard', { good: 'x', 'bad key': 'y' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^key:/);
    expect((await call(me, 'GET', '/tenant/options/dashboard')).body.good).toBeUndefined();
  });

  it('DELETE answers 204, after which the option is 404 with the error resource', async () => {
    await call(me, 'PUT', '/tenant/options/temp/k', { value: 'v' });
    const del = await call(me, 'DELETE', '/tenant/options/temp/k');
    expect(del.status).toBe(204);
    const gone = await call(me, 'GET', '/tenant/options/temp/k');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: 'options/Not Found', message: 'No option temp/k' });
    expect(gone.body.info).toEqual(expect.any(String));
    expect((await call(me, 'DELETE', '/tenant/options/temp/k')).status).toBe(404);
    expect((await call(me, 'PUT', '/tenant/options/temp/k', { value: 'back' })).body.value).toBe('back');
  });

  it('lists the tenant\'s options paged, with the collection media type', async () => {
    const t = await newTenant();
    for (const key of ['a', 'b', 'c']) await call(admin(t), 'POST', '/tenant/options', { category: 'paging', key, value: key });
    const first = await call(reader(t), 'GET', '/tenant/options?pageSize=2&withTotalPages=true');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe(COLLECTION_TYPE);
    expect(first.body.options.map((o: any) => o.key)).toEqual(['a', 'b']);
    expect(first.body.statistics).toEqual({ pageSize: 2, currentPage: 1, totalPages: 2 });
    expect(first.body.next).toContain('currentPage=2');
    const second = await call(reader(t), 'GET', '/tenant/options?pageSize=2&currentPage=2');
    expect(second.body.options).toEqual([expect.objectContaining({ category: 'paging', key: 'c', value: 'c' })]);
    expect((await call(reader(t), 'GET', '/tenant/options?currentPage=5')).body.options).toEqual([]);
    expect((await call(reader(t), 'GET', '/tenant/options?pageSize=0')).status).toBe(422);
  });

  it('evaluate=inherited falls back to the system option; current does not', async () => {
    await call(system(), 'PUT', '/tenant/system/options/inherit.test/limit', { value: '100' });
    const t = await newTenant();
    expect((await call(reader(t), 'GET', '/tenant/options/inherit.test/limit')).status).toBe(404);
    expect((await call(reader(t), 'GET', '/tenant/options/inherit.test/limit?evaluate=current')).status).toBe(404);
    const inherited = await call(reader(t), 'GET', '/tenant/options/inherit.test/limit?evaluate=inherited');
    expect(inherited.status).toBe(200);
    expect(inherited.body).toMatchObject({ category: 'inherit.test', key: 'limit', value: '100' });
    await call(admin(t), 'PUT', '/tenant/options/inherit.test/limit', { value: '5' });
    expect((await call(reader(t), 'GET', '/tenant/options/inherit.test/limit?evaluate=inherited')).body.value).toBe('5');
    const bad = await call(reader(t), 'GET', '/tenant/options/inherit.test/limit?evaluate=parent');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^evaluate:/);
  });

  it.each([
    ['category with a space', 'POST', '/tenant/options', { category: 'a b', key: 'k', value: 'v' }, /^category:/],
    ['key too long', 'POST', '/tenant/options', { category: 'c', key: 'k'.repeat(129), value: 'v' }, /^key:/],
    ['missing value', 'POST', '/tenant/options', { category: 'c', key: 'k' }, /^k: value must be a string/],
    ['numeric value', 'PUT', '/tenant/options/c/k', { value: 5 }, /^k: value must be a string/],
    ['bad key in the path', 'GET', '/tenant/options/c/k$', undefined, /^key:/],
    ['bad category in the path', 'PUT', '/tenant/options/c$/k', { value: 'v' }, /^category:/],
    ['a body that is not an object', 'POST', '/tenant/options', [1], /^option:/],
  ])('refuses %s with 422 options/Invalid Data naming it', async (_name, method, path, body, message) => {
    const res = await call(me, method, path, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('options/Invalid Data');
    expect(res.body.message).toMatch(message);
  });

  it('needs an option read role to read and the admin role to write (403 security/Forbidden)', async () => {
    const t = await newTenant();
    await call(admin(t), 'PUT', '/tenant/options/r/k', { value: 'v' });
    const nobody = userWith(t, ['ROLE_INVENTORY_READ']);
    for (const [method, path] of [['GET', '/tenant/options'], ['GET', '/tenant/options/r'], ['GET', '/tenant/options/r/k']]) {
      expect((await call(nobody, method, path)).body.error).toBe('security/Forbidden');
      expect((await call(reader(t), method, path)).status).toBe(200);
    }
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/tenant/options', { category: 'r', key: 'k', value: 'x' }], ['PUT', '/tenant/options/r/k', { value: 'x' }],
      ['PUT', '/tenant/options/r', { k: 'x' }], ['DELETE', '/tenant/options/r/k', undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(reader(t), method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('security/Forbidden');
    }
    expect((await call(reader(t), 'GET', '/tenant/options/r/k')).body.value).toBe('v');
    expect((await call(undefined, 'GET', '/tenant/options/r/k')).status).toBe(401);
  });
});
