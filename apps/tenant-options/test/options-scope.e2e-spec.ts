import { admin, call, managementTenant, newTenant, reader, system, userWith } from './options-fixture';

describe('tenant options: scope', () => {
  it('another tenant never reads or changes them, by any path', async () => {
    const [owner, other] = await Promise.all([newTenant(), newTenant()]);
    await call(admin(owner), 'PUT', '/tenant/options/private/secretish', { value: 'mine' });
    expect((await call(admin(other), 'GET', '/tenant/options/private/secretish')).status).toBe(404);
    expect((await call(admin(other), 'GET', '/tenant/options/private/secretish?evaluate=inherited')).status).toBe(404);
    expect((await call(admin(other), 'GET', '/tenant/options/private')).body).toEqual({});
    expect((await call(admin(other), 'GET', '/tenant/options?pageSize=2000')).body.options).toEqual([]);
    expect((await call(admin(other), 'DELETE', '/tenant/options/private/secretish')).status).toBe(404);
    await call(admin(other), 'PUT', '/tenant/options/private/secretish', { value: 'theirs' });
    expect((await call(reader(owner), 'GET', '/tenant/options/private/secretish')).body.value).toBe('mine');
    expect((await call(reader(other), 'GET', '/tenant/options/private/secretish')).body.value).toBe('theirs');
    expect((await call(system(), 'GET', '/tenant/options/private/secretish')).status).toBe(404);
    // The management tenant's path to another tenant's options takes PUT and DELETE only (405 for GET), and those only from the management tenant.
    expect((await call(admin(other), 'GET', `/tenant/tenants/${owner.id}/options/private/secretish`)).status).toBe(405);
    expect((await call(admin(other), 'PUT', `/tenant/tenants/${owner.id}/options/private/secretish`, { value: 'stolen' })).status).toBe(403);
    expect((await call(other.admin, 'PUT', `/tenant/tenants/${owner.id}/options/private/secretish`, { value: 'stolen' })).status).toBe(403);
    expect((await call(reader(owner), 'GET', '/tenant/options/private/secretish')).body.value).toBe('mine');
  });

  describe('system options', () => {
    it('the management tenant writes them and every authenticated caller reads them', async () => {
      const created = await call(system(), 'POST', '/tenant/system/options', { category: 'sys.scope', key: 'banner', value: 'hello' });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toMatch(/\/tenant\/system\/options\/sys\.scope\/banner$/);
      const t = await newTenant();
      const anyone = userWith(t, []);
      expect((await call(anyone, 'GET', '/tenant/system/options/sys.scope/banner')).body).toMatchObject({ category: 'sys.scope', key: 'banner', value: 'hello' });
      expect((await call(anyone, 'GET', '/tenant/system/options/sys.scope')).body).toEqual({ banner: 'hello' });
      const list = await call(anyone, 'GET', '/tenant/system/options?pageSize=2000');
      expect(list.body.options).toContainEqual(expect.objectContaining({ category: 'sys.scope', key: 'banner', value: 'hello' }));
      expect((await call(admin(t), 'GET', '/tenant/options/sys.scope/banner')).status).toBe(404);
      await call(system(), 'PUT', '/tenant/system/options/sys.scope/banner', { value: 'changed' });
      expect((await call(anyone, 'GET', '/tenant/system/options/sys.scope/banner')).body.value).toBe('changed');
      await call(system(), 'PUT', '/tenant/system/options/sys.scope', { motd: 'hi' });
      expect((await call(anyone, 'GET', '/tenant/system/options/sys.scope')).body).toEqual({ banner: 'changed', motd: 'hi' });
      expect((await call(system(), 'DELETE', '/tenant/system/options/sys.scope/motd')).status).toBe(204);
      expect((await call(anyone, 'GET', '/tenant/system/options/sys.scope/motd')).body.error).toBe('options/Not Found');
    });

    it('other tenants, their admins included, cannot change them (403)', async () => {
      const t = await newTenant();
      const writes: Array<[string, string, unknown]> = [
        ['POST', '/tenant/system/options', { category: 'sys.scope', key: 'banner', value: 'x' }],
        ['PUT', '/tenant/system/options/sys.scope/banner', { value: 'x' }],
        ['PUT', '/tenant/system/options/sys.scope', { banner: 'x' }],
        ['DELETE', '/tenant/system/options/sys.scope/banner', undefined],
      ];
      for (const [method, path, body] of writes) {
        const res = await call(admin(t), method, path, body);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('security/Forbidden');
        expect((await call(reader(managementTenant()), method, path, body)).status).toBe(403);
      }
    });
  });

  describe('locking by the management tenant', () => {
    it('makes the owner\'s PUT and DELETE 403 until it is unlocked', async () => {
      const t = await newTenant();
      await call(admin(t), 'PUT', '/tenant/options/limits/devices', { value: '10' });
      const lock = await call(system(), 'PUT', `/tenant/tenants/${t.id}/options/limits/devices/editable`, { editable: 'false' });
      expect(lock.status).toBe(200);
      expect(lock.body).toMatchObject({ category: 'limits', key: 'devices', value: '10' });
      for (const [method, path, body] of [
        ['PUT', '/tenant/options/limits/devices', { value: '1000' }], ['PUT', '/tenant/options/limits', { devices: '1000' }],
        ['POST', '/tenant/options', { category: 'limits', key: 'devices', value: '1000' }], ['DELETE', '/tenant/options/limits/devices', undefined],
      ] as Array<[string, string, unknown]>) {
        const res = await call(admin(t), method, path, body);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: 'options/Forbidden', message: 'Option limits/devices is not editable' });
      }
      expect((await call(reader(t), 'GET', '/tenant/options/limits/devices')).body.value).toBe('10');
      await call(system(), 'PUT', `/tenant/tenants/${t.id}/options/limits/devices/editable`, { editable: 'true' });
      expect((await call(admin(t), 'PUT', '/tenant/options/limits/devices', { value: '20' })).status).toBe(200);
    });

    it('is the management tenant\'s alone, needs an existing option and a true/false flag', async () => {
      const t = await newTenant();
      await call(admin(t), 'PUT', '/tenant/options/limits/users', { value: '3' });
      const self = await call(admin(t), 'PUT', `/tenant/tenants/${t.id}/options/limits/users/editable`, { editable: 'false' });
      expect(self.status).toBe(403);
      expect(self.body.error).toBe('security/Forbidden');
      expect((await call(reader(managementTenant()), 'PUT', `/tenant/tenants/${t.id}/options/limits/users/editable`, { editable: 'false' })).status).toBe(403);
      expect((await call(system(), 'PUT', `/tenant/tenants/${t.id}/options/limits/none/editable`, { editable: 'false' })).body.error).toBe('options/Not Found');
      const bad = await call(system(), 'PUT', `/tenant/tenants/${t.id}/options/limits/users/editable`, { editable: 'no' });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toMatch(/^editable:/);
      expect((await call(admin(t), 'PUT', '/tenant/options/limits/users', { value: '4' })).status).toBe(200);
    });
  });
});
