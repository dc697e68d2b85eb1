import { randomBytes } from 'node:crypto';
import { admin, call, managementTenant, newTenant, OPTION_TYPE, reader, system } from './options-fixture';

/** What go-c8y-cli sends with `c8y tenantoptions updateEdit`: `{"editable": "false"}`, the option media type accepted. */
const updateEdit = (who: Parameters<typeof call>[0], category: string, key: string, editable: unknown) =>
  call(who, 'PUT', `/tenant/options/${category}/${key}/editable`, { editable }, { accept: OPTION_TYPE.split(';')[0] });

describe('PUT /tenant/options/{category}/{key}/editable: the management tenant locks its own option', () => {
  it('locks it against the management tenant\'s own PUT, POST and DELETE (403 options/Forbidden) until it is unlocked', async () => {
    const category = `lock-${randomBytes(4).toString('hex')}`;
    expect((await call(system(), 'PUT', `/tenant/options/${category}/max.devices`, { value: '10' })).status).toBe(200);
    const lock = await updateEdit(system(), category, 'max.devices', 'false');
    expect(lock.status).toBe(200);
    expect(lock.headers.get('content-type')).toBe(OPTION_TYPE);
    expect(lock.body).toMatchObject({ category, key: 'max.devices', value: '10', self: expect.stringMatching(new RegExp(`/tenant/options/${category}/max\\.devices$`)) });
    for (const [method, path, body] of [
      ['PUT', `/tenant/options/${category}/max.devices`, { value: '1000' }], ['PUT', `/tenant/options/${category}`, { 'max.devices': '1000' }],
      ['POST', '/tenant/options', { category, key: 'max.devices', value: '1000' }], ['DELETE', `/tenant/options/${category}/max.devices`, undefined],
    ] as Array<[string, string, unknown]>) {
      const res = await call(system(), method, path, body);
      expect([method, path, res.status, res.body]).toEqual([method, path, 403, expect.objectContaining({ error: 'options/Forbidden', message: `Option ${category}/max.devices is not editable` })]);
    }
    expect((await call(system(), 'GET', `/tenant/options/${category}/max.devices`)).body.value).toBe('10');
    expect((await updateEdit(system(), category, 'max.devices', true)).status).toBe(200);
    expect((await call(system(), 'PUT', `/tenant/options/${category}/max.devices`, { value: '20' })).body.value).toBe('20');
  });

  it('locks only the management tenant\'s option: another tenant\'s option of the same name stays editable', async () => {
    const category = `lock-${randomBytes(4).toString('hex')}`;
    const t = await newTenant();
    await call(system(), 'PUT', `/tenant/options/${category}/k`, { value: 'm' });
    await call(admin(t), 'PUT', `/tenant/options/${category}/k`, { value: 't' });
    expect((await updateEdit(system(), category, 'k', 'false')).status).toBe(200);
    expect((await call(admin(t), 'PUT', `/tenant/options/${category}/k`, { value: 't2' })).status).toBe(200);
    expect((await call(system(), 'PUT', `/tenant/options/${category}/k`, { value: 'm2' })).status).toBe(403);
  });

  it('is refused to other tenants, their admins included, and to users without the option admin role; needs an existing option and a true/false flag', async () => {
    const category = `lock-${randomBytes(4).toString('hex')}`;
    const t = await newTenant();
    await call(admin(t), 'PUT', `/tenant/options/${category}/k`, { value: '3' });
    await call(system(), 'PUT', `/tenant/options/${category}/k`, { value: '3' });
    for (const who of [t.admin, admin(t), reader(managementTenant())]) {
      const res = await updateEdit(who, category, 'k', 'false');
      expect([res.status, res.body.error]).toEqual([403, 'security/Forbidden']);
    }
    expect((await call(admin(t), 'PUT', `/tenant/options/${category}/k`, { value: '4' })).status).toBe(200);
    expect((await call(system(), 'PUT', `/tenant/options/${category}/k`, { value: '4' })).status).toBe(200);
    expect(await updateEdit(system(), category, 'none', 'false')).toMatchObject({ status: 404, body: { error: 'options/Not Found' } });
    for (const flag of ['no', 1, null]) {
      const bad = await updateEdit(system(), category, 'k', flag);
      expect([bad.status, bad.body.error]).toEqual([422, 'options/Invalid Data']);
    }
    expect((await call(system(), 'PUT', `/tenant/options/${category}/k/editable`, 'false')).status).toBe(422);
    expect((await call(system(), 'PUT', `/tenant/options/${category}/k`, { value: '5' })).status).toBe(200);
  });
});
