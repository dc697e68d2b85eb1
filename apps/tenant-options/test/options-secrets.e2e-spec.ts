import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SecretBox } from '@berth/auth';
import { testStack } from '@berth/testing';
import { admin, call, Caller, Creds, managementTenant, newTenant, READ_ROLES, reader, subscribedMicroservice, system, TenantHandle, withOptionsCollection } from './options-fixture';

describe('tenant options: secrets', () => {
  const plaintext = `pw-${Date.now()}-never-stored-plain`;
  let tenant: TenantHandle;
  /** The category named after a microservice the tenant is subscribed to, and that microservice's real service user. */
  let cat: string;
  let service: Creds;
  /** The service user of another subscribed microservice. */
  let otherService: Creds;

  beforeAll(async () => {
    tenant = await newTenant();
    [{ name: cat, service }, { service: otherService }] = await Promise.all([
      subscribedMicroservice(tenant, READ_ROLES), subscribedMicroservice(tenant, READ_ROLES),
    ]);
    const res = await call(admin(tenant), 'PUT', `/tenant/options/${cat}/credentials.password`, { value: plaintext });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ self: expect.any(String), category: cat, key: 'credentials.password' });
  }, 60000);

  it('are encrypted at rest with AES-256-GCM: the plaintext is absent from the stored document', async () => {
    const doc = await withOptionsCollection((c) => c.findOne({ _id: `${tenant.id}/${cat}/credentials.password` }));
    expect(doc).toBeTruthy();
    expect(JSON.stringify(doc)).not.toContain(plaintext);
    expect(doc!.value).toBeUndefined();
    expect(doc!.sealed).toMatch(/^gcm1\.[A-Za-z0-9_-]{8}\./);
  });

  it('are shown without value to the tenant\'s own users, admins included', async () => {
    for (const who of [admin(tenant), reader(tenant), Promise.resolve(tenant.admin)]) {
      expect((await call(who, 'GET', `/tenant/options/${cat}/credentials.password`)).body).toEqual({ self: expect.any(String), category: cat, key: 'credentials.password' });
      expect((await call(who, 'GET', `/tenant/options/${cat}`)).body).toEqual({});
      const list = await call(who, 'GET', '/tenant/options?pageSize=100');
      expect(list.body.options).toEqual([{ self: expect.any(String), category: cat, key: 'credentials.password' }]);
    }
    expect((await call(otherService, 'GET', `/tenant/options/${cat}/credentials.password`)).body.value).toBeUndefined();
  });

  it('are decrypted for the microservice of the category and for system users', async () => {
    expect((await call(service, 'GET', `/tenant/options/${cat}/credentials.password`)).body.value).toBe(plaintext);
    expect((await call(service, 'GET', `/tenant/options/${cat}`)).body).toEqual({ 'credentials.password': plaintext });
    await call(system(), 'PUT', '/tenant/options/sms/credentials.token', { value: 'mgmt-token' });
    expect((await call(system(), 'GET', '/tenant/options/sms/credentials.token')).body.value).toBe('mgmt-token');
    expect((await call(reader(managementTenant()), 'GET', '/tenant/options/sms/credentials.token')).body.value).toBeUndefined();
  });

  it('written with a previous key still decrypt; a new write uses the current key', async () => {
    const id = `${tenant.id}/${cat}/credentials.legacy`;
    const old = new SecretBox(testStack.previousSecretsKey);
    await withOptionsCollection((c) => c.insertOne({
      _id: id, owner: tenant.id, category: cat, key: 'credentials.legacy', sealed: old.seal('from-the-old-key', id),
      editable: true, deleted: false, version: 1, updatedAt: new Date(),
    }));
    expect((await call(service, 'GET', `/tenant/options/${cat}/credentials.legacy`)).body.value).toBe('from-the-old-key');
    await call(admin(tenant), 'PUT', `/tenant/options/${cat}/credentials.legacy`, { value: 'rewritten' });
    const doc = await withOptionsCollection((c) => c.findOne({ _id: id }));
    expect(doc!.sealed.split('.')[1]).not.toBe(old.keyId);
    expect(() => old.open(doc!.sealed, id)).toThrow();
    expect((await call(service, 'GET', `/tenant/options/${cat}/credentials.legacy`)).body.value).toBe('rewritten');
  });

  it('never appear in the app\'s log', () => {
    expect(readFileSync(testStack.logFile('tenant-options'), 'utf8')).not.toContain(plaintext);
  });
});

describe('tenant options: validation on write', () => {
  let me: ReturnType<typeof admin>;
  let tenantAdmin: Creds;
  beforeAll(async () => {
    const tenant = await newTenant();
    me = admin(tenant);
    tenantAdmin = tenant.admin;
  });
  const expect422 = async (method: string, path: string, body: unknown, message: RegExp, as: Caller = me) => {
    const res = await call(as, method, path, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('options/Invalid Data');
    expect(res.body.message).toMatch(message);
  };

  it('token.publicKey takes a PEM RSA key of at least 512 bits; the key is the kid (written by the tenant\'s admin)', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 512 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const res = await call(tenantAdmin, 'POST', '/tenant/options', { category: 'token.publicKey', key: 'kid-1', value: pem });
    expect(res.status).toBe(201);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect422('PUT', '/tenant/options/token.publicKey/kid-2', { value: ec }, /^kid-2: value must be an RSA public key/, tenantAdmin);
    await expect422('PUT', '/tenant/options/token.publicKey/kid-3', { value: 'garbage' }, /^kid-3: value must be a PEM public key/, tenantAdmin);
    const priv = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect422('POST', '/tenant/options', { category: 'token.publicKey', key: 'kid-4', value: priv }, /^kid-4:/, tenantAdmin);
    expect((await call(me, 'GET', '/tenant/options/token.publicKey/kid-4')).status).toBe(404);
  });

  it('messaging needs a known provider and only that provider\'s keys', async () => {
    await expect422('PUT', '/tenant/options/messaging/sms.senderName', { value: 'Acme' }, /^sms.senderName: set messaging\/provider/);
    await expect422('PUT', '/tenant/options/messaging/provider', { value: 'pigeon' }, /^provider: unknown provider "pigeon"/);
    const map = await call(me, 'PUT', '/tenant/options/messaging', { provider: 'http-b', 'http-b.authUrl': 'https://auth.example.com', 'sms.senderAddress': '+49123' });
    expect(map.status).toBe(200);
    expect((await call(me, 'PUT', '/tenant/options/messaging/credentials.http-b.password', { value: 'p' })).status).toBe(200);
    await expect422('PUT', '/tenant/options/messaging/http-a.baseUrl', { value: 'https://a' }, /^http-a.baseUrl: not a key of provider http-b/);
    await expect422('PUT', '/tenant/options/messaging', { provider: 'smpp', 'http-b.username': 'u' }, /^http-b.username: not a key of provider smpp/);
    expect((await call(me, 'GET', '/tenant/options/messaging/provider')).body.value).toBe('http-b');
  });

  it('access.control/allow.origin takes * or a list of origins', async () => {
    expect((await call(me, 'PUT', '/tenant/options/access.control/allow.origin', { value: 'https://a.example.com, http://localhost:4200' })).status).toBe(200);
    expect((await call(me, 'PUT', '/tenant/options/access.control/allow.origin', { value: '*' })).status).toBe(200);
    await expect422('PUT', '/tenant/options/access.control/allow.origin', { value: 'https://a.example.com/app' }, /^allow.origin: "https:\/\/a.example.com\/app" is not an origin/);
    expect((await call(me, 'GET', '/tenant/options/access.control/allow.origin')).body.value).toBe('*');
  });
});
