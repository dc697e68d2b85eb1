import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Consumer, Kafka, logLevel } from 'kafkajs';
import { Topics } from '@berth/contracts';
import { eventually, freshTotpCode, gw, newTenant, testStack } from '@berth/testing';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const login = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${testStack.gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form(fields) });


async function newUser(tenant: { id: string; admin: [string, string] }, extra: Record<string, unknown> = {}): Promise<[string, string]> {
  const userName = `u-${randomUUID().slice(0, 8)}`;
  const password = `Pw-${randomUUID()}`;
  const res = await gw(`/user/${tenant.id}/users`, { method: 'POST', as: tenant.admin, body: { userName, password, ...extra } });
  if (res.status !== 201) throw new Error(`user not created: ${res.status} ${JSON.stringify(res.body)}`);
  return [`${tenant.id}/${userName}`, password];
}

describe('two-factor authentication', () => {
  it('TOTP: setup, verify and activation; then logins need a code, a passed code yields a TFA token for Basic and later logins', async () => {
    const t = await newTenant();
    const user = await newUser(t);
    const used = new Set<number>();
    expect((await gw('/user/currentUser', { as: user })).status).toBe(200);
    const made = await gw('/user/currentUser/totpSecret', { method: 'POST', as: user });
    expect(made.status).toBe(200);
    const secret = made.body.rawSecret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(made.body.secretQrUrl).toMatch(new RegExp(`^otpauth://totp/Cumulocity:${t.id}%2F.+\\?secret=${secret}&`));
    expect((await gw('/user/currentUser/totpSecret', { as: user })).body.rawSecret).toBe(secret);
    // Turning TOTP on before a verified code is the secret's state (409); a wrong code 403, a malformed one 422 (both were 422).
    expect(await gw('/user/currentUser/totpSecret/activity', { method: 'POST', as: user, body: { isActive: true } })).toMatchObject({ status: 409, body: { error: 'users/Update Conflict' } });
    expect(await gw('/user/currentUser/totpSecret/verify', { method: 'POST', as: user, body: { code: '000000' === freshTotpCode(secret, new Set()) ? '111111' : '000000' } })).toMatchObject({ status: 403, body: { error: 'users/Forbidden' } });
    for (const code of ['', '12345', '1234567', '１２３４５６']) {
      expect(await gw('/user/currentUser/totpSecret/verify', { method: 'POST', as: user, body: { code } })).toMatchObject({ status: 422, body: { error: 'users/Invalid Data' } });
    }
    expect((await gw('/user/currentUser/totpSecret/verify', { method: 'POST', as: user, body: { code: freshTotpCode(secret, used) } })).status).toBe(204);
    expect((await gw('/user/currentUser/totpSecret/activity', { method: 'POST', as: user, body: { isActive: true } })).status).toBe(204);

    // The gateway had these Basic credentials cached: activation drops them, so TFA cannot be bypassed.
    const basic = await gw('/user/currentUser', { as: user });
    expect(basic).toMatchObject({ status: 401, body: { error: 'security/Unauthorized', message: 'TFA TOTP code required' } });
    for (const fields of [{}, { tfa_code: 'undefined' }] as Array<Record<string, string>>) {
      const res = await login(`/tenant/oauth/token`, { grant_type: 'PASSWORD', username: user[0], password: user[1], ...fields });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'security/Unauthorized', message: expect.stringContaining('TFA TOTP code required') });
    }
    const wrong = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: '12345' });
    expect(wrong.status).toBe(401);

    const ok = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: freshTotpCode(secret, used) });
    expect(ok.status).toBe(200);
    const body = await ok.json() as any;
    expect(ok.headers.get('tfatoken')).toBe(body.tfa_token);
    expect((await gw('/user/currentUser', { headers: { authorization: `Bearer ${body.access_token}` } })).status).toBe(200);
    expect((await gw('/user/currentUser', { as: user, headers: { TFAToken: body.tfa_token } })).status).toBe(200);
    // The same Basic credentials are now cached with that TFA token; without it, or with another, they still fail.
    expect((await gw('/user/currentUser', { as: user })).status).toBe(401);
    expect((await gw('/user/currentUser', { as: user, headers: { TFAToken: `${body.tfa_token}x` } })).status).toBe(401);
    expect((await gw('/user/currentUser', { as: user, headers: { tfatoken: body.tfa_token } })).status).toBe(200);
    expect((await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_token: body.tfa_token })).status).toBe(200);

    const cookie = await login('/tenant/oauth', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: freshTotpCode(secret, used) });
    expect(cookie.status).toBe(200);
    expect(cookie.headers.getSetCookie()[0]).toMatch(/^authorization=/);
    expect(cookie.headers.get('tfatoken')).toMatch(/^[\w-]{20,}$/);
  });

  it('an unknown or expired TFAToken is 401 with TFATokenExpired: TFATokenExpired', async () => {
    const t = await newTenant();
    const user = await newUser(t);
    const secret = (await gw('/user/currentUser/totpSecret', { method: 'POST', as: user })).body.rawSecret;
    const used = new Set<number>();
    await gw('/user/currentUser/totpSecret/verify', { method: 'POST', as: user, body: { code: freshTotpCode(secret, used) } });
    await gw('/user/currentUser/totpSecret/activity', { method: 'POST', as: user, body: { isActive: true } });
    const bogus = await gw('/user/currentUser', { as: user, headers: { TFAToken: randomBytes(24).toString('base64url') } });
    expect(bogus).toMatchObject({ status: 401, body: { error: 'security/Unauthorized' } });
    expect(bogus.headers.get('tfatokenexpired')).toBe('TFATokenExpired');

    const res = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: freshTotpCode(secret, used) });
    const token = ((await res.json()) as any).tfa_token as string;
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const key = `${testStack.dbPrefix}:tfa-token:${createHash('sha256').update(token).digest('base64url')}`;
      expect(await redis.pexpire(key, 1)).toBe(1);
      await eventually(() => redis.exists(key), (n) => n === 0, { what: 'the token has expired in Redis' });
    } finally {
      redis.disconnect();
    }
    const expired = await gw('/user/currentUser', { as: user, headers: { tfatoken: token } });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('tfatokenexpired')).toBe('TFATokenExpired');
    const viaLogin = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_token: token });
    expect(viaLogin.status).toBe(401);
    expect(viaLogin.headers.get('tfatokenexpired')).toBe('TFATokenExpired');
  });

  it('a tenant that enforces TOTP refuses users without it ("TFA TOTP setup required"); users cannot switch it off', async () => {
    const t = await newTenant();
    const user = await newUser(t);
    expect((await gw('/user/currentUser', { as: user })).status).toBe(200);
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'two-factor-authentication', key: 'enforced', value: 'true' } })).status).toBe(201);
    expect((await gw(`/tenant/loginOptions?tenantId=${t.id}`)).body.loginOptions[0]).toMatchObject({ type: 'basic', enforceTfa: true, tfaStrategy: 'TOTP' });
    const refused = await gw('/user/currentUser', { as: user });
    expect(refused).toMatchObject({ status: 401, body: { message: 'TFA TOTP setup required' } });
    const res = await login(`/tenant/oauth/token`, { grant_type: 'PASSWORD', username: user[0], password: user[1] });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).message).toBe('TFA TOTP setup required');
  });

  describe('SMS pins', () => {
    const pins: Array<{ key: string; payload: any; type: string }> = [];
    let consumer: Consumer;

    beforeAll(async () => {
      const kafka = new Kafka({ clientId: 'tfa-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
      consumer = kafka.consumer({ groupId: `tfa-e2e-${randomBytes(4).toString('hex')}` });
      await consumer.connect();
      await consumer.subscribe({ topic: testStack.topic(Topics.smsSendCommands), fromBeginning: false });
      // The group reads from the newest offset once it has joined: commands sent before that would pass it by.
      const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
      await consumer.run({ eachMessage: async ({ message }) => { const e = JSON.parse(message.value!.toString()); pins.push({ key: message.key!.toString(), payload: e.payload, type: e.type }); } });
      await joined;
    });

    afterAll(() => consumer?.disconnect());

    it('with strategy SMS a login without a pin sends one as a SendSms command on sms.cmd.send.v1; the pin then logs in once', async () => {
      const t = await newTenant();
      const user = await newUser(t, { phone: '+4915112345678' });
      const noPhone = await newUser(t);
      for (const [key, value] of [['strategy', 'SMS'], ['enforced', 'true']]) {
        expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'two-factor-authentication', key, value } })).status).toBe(201);
      }
      const first = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1] });
      expect(first.status).toBe(401);
      expect(((await first.json()) as any).message).toMatch(/^TFA SMS pin required/);
      const userName = user[0].split('/')[1];
      const sent = (await eventually(() => pins, (seen) => seen.some((p) => p.key === `${t.id}/${userName}`), { timeoutMs: 30000, what: 'the pin\'s SendSms command' }))
        .find((p) => p.key === `${t.id}/${userName}`)!;
      expect(sent).toMatchObject({ type: 'SendSms', payload: { tenant: t.id, userName, phoneNumber: '+4915112345678', purpose: 'tfa-pin' } });
      const pin = /(\d{6})/.exec(sent.payload.text)![1];
      const wrongPin = pin === '000000' ? '000001' : '000000';
      expect((await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: wrongPin })).status).toBe(401);
      const ok = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: pin });
      expect(ok.status).toBe(200);
      expect((await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password: user[1], tfa_code: pin })).status).toBe(401);
      const missing = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: noPhone[0], password: noPhone[1] });
      expect(missing.status).toBe(401);
      expect(((await missing.json()) as any).message).toMatch(/^TFA SMS setup required/);
    });
  });
});
