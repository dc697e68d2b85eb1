import { randomBytes } from 'node:crypto';
import { zip } from '@berth/archives';
import { basic, gw, newTenant, newUser, testStack } from '@berth/testing';

export type Creds = [string, string];
export interface Tenant { id: string; admin: Creds }

/** What tenant A owns, which the matrices try to reach as tenant B's admin and as A's user without roles. */
export interface Fixture {
  a: Tenant; b: Tenant; noRoles: Creds;
  /** A's user holding only the option management roles. */
  optionAdmin: Creds;
  /** The bootstrap user of A's microservice. */
  bootstrap: Creds;
  hosted: { id: string; name: string }; binaryId: string; version: string;
  microservice: { id: string; name: string };
  userName: string; groupId: string;
  category: string; key: string; optionValue: string;
  sender: string; smsRequestId: string;
}

const hex = () => randomBytes(4).toString('hex');
export const SENDER = 'tel:+4915112345678';

async function ok(res: Promise<{ status: number; body: any }>, what: string, statuses = [200, 201, 204]) {
  const r = await res;
  if (!statuses.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function uploadZip(id: string, as: Creds): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([zip([{ name: 'index.html', data: '<html></html>' }])], { type: 'application/zip' }), 'app.zip');
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries`, { method: 'POST', headers: { authorization: basic(...as), accept: 'application/json' }, body: form });
  if (res.status !== 201) throw new Error(`binary not uploaded: ${res.status} ${await res.text()}`);
}

/** The bootstrap user of a microservice, once the registry has made it (503 until then). */
async function bootstrapUser(id: string, as: Creds): Promise<Creds> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await gw(`/application/applications/${id}/bootstrapUser`, { as });
    if (res.status === 200) return [`${res.body.tenant}/${res.body.name}`, res.body.password];
    if (res.status !== 503) throw new Error(`bootstrap user: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bootstrap user: still 503 after 10 s');
}

/**
 * Tenant A with one of each resource (subscribed to its own web application, so that every
 * listing of A's subscriptions has something to leak), tenant B, a user of A holding no role, one
 * holding only the option management roles, and the bootstrap user of A's microservice.
 */
export async function makeFixture(): Promise<Fixture> {
  const [a, b] = await Promise.all([newTenant(), newTenant()]);
  const as = a.admin;
  const web = `secweb${hex()}`;
  const hosted = await ok(gw('/application/applications', { method: 'POST', as, body: { name: web, key: `${web}-key`, type: 'HOSTED', contextPath: web, resourcesUrl: '/' } }), 'hosted app');
  await uploadZip(hosted.id, as);
  const versions = await ok(gw(`/application/applications/${hosted.id}/versions`, { as }), 'versions');
  const ms = `secms${hex()}`;
  const microservice = await ok(gw('/application/applications', { method: 'POST', as, body: { name: ms, key: `${ms}-key`, type: 'MICROSERVICE' } }), 'microservice');
  const userName = `secuser${hex()}`;
  await ok(gw(`/user/${a.id}/users`, { method: 'POST', as, body: { userName, password: `Pw-${hex()}${hex()}` } }), 'user');
  const group = await ok(gw(`/user/${a.id}/groups`, { method: 'POST', as, body: { name: `secgroup${hex()}` } }), 'group');
  const category = `sec.matrix${hex()}`;
  const optionValue = `secret-${hex()}${hex()}`;
  await ok(gw('/tenant/options', { method: 'POST', as, body: { category, key: 'k', value: optionValue } }), 'option');
  await ok(gw('/service/messaging/providers/configuration', {
    method: 'PUT', as, body: { provider: 'smpp', senderAddress: '+4915112345678', senderName: 'Berth', settings: { host: '127.0.0.1', port: '9', systemId: 'sec', password: 'secret' } },
  }), 'sms provider');
  const sent = await ok(gw(`/service/messaging/smsmessaging/outbound/${encodeURIComponent(SENDER)}/requests`, {
    method: 'POST', as, body: { outboundSMSMessageRequest: { address: ['tel:+4915199999999'], senderAddress: SENDER, outboundSMSTextMessage: { message: 'hi' } } },
  }), 'sms');
  const smsRequestId = String(sent.resourceReference?.resourceURL ?? '').split('/').pop() ?? '';
  await ok(gw(`/tenant/tenants/${a.id}/applications`, { method: 'POST', as, body: { application: { id: hosted.id } } }), 'subscription');
  const noRoles = await newUser(a, []);
  const optionAdmin = await newUser(a, ['ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN']);
  const bootstrap = await bootstrapUser(microservice.id, as);
  return {
    a, b, noRoles, optionAdmin, bootstrap, hosted: { id: hosted.id, name: web }, binaryId: versions.applicationVersions[0].binaryId, version: versions.applicationVersions[0].version,
    microservice: { id: microservice.id, name: ms }, userName, groupId: String(group.id), category, key: 'k', optionValue, sender: SENDER, smsRequestId,
  };
}

/** What A's admin sees of A's resources: equal before and after the matrices, or something was changed. */
export async function snapshot(f: Fixture): Promise<unknown> {
  const as = f.a.admin;
  const read = async (path: string) => { const r = await gw(path, { as }); return { path, status: r.status, body: stable(r.body) }; };
  return Promise.all([
    read(`/application/applications/${f.hosted.id}`), read(`/application/applications/${f.hosted.id}/versions`),
    read(`/application/applications/${f.microservice.id}`), read(`/user/${f.a.id}/users/${f.userName}`), read(`/user/${f.a.id}/groups/${f.groupId}`),
    read(`/tenant/options/${f.category}`), read('/service/messaging/providers/configuration'), read(`/tenant/tenants/${f.a.id}/applications`),
    read('/tenant/currentTenant'), read(`/user/${f.a.id}/users?pageSize=100`),
  ]);
}

/** Drops fields that change without anyone writing (times, counters of reads). */
function stable(body: any): any {
  if (Array.isArray(body)) return body.map(stable);
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !['lastLoginDate', 'lastPasswordChange', 'statistics'].includes(k)).map(([k, v]) => [k, stable(v)]));
}
