import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { zip } from '@berth/archives';
import { admin, basic, eventually, gw, newTenant, newUser, testStack } from '@berth/testing';

export type Creds = [string, string];
export interface Tenant { id: string; admin: Creds }

/** The principals the matrix sends every request as (docs/security.md, "The tenant model"). */
export const PRINCIPALS = ['admin', 'noRoles', 'optionAdmin', 'bootstrap', 'service', 'other', 'management'] as const;
export type Who = typeof PRINCIPALS[number];

/**
 * Tenant A's data, which every principal but A's own (and, where docs/security.md says so, the
 * management tenant's admin) must not reach. Each `mark` is a unique string stored in the
 * resource: an answer naming it carries that resource's data.
 */
export interface Fixture {
  a: Tenant; b: Tenant;
  as: Record<Who, Creds>;
  tenantMark: string;
  binaryId: string; version: string;
  /** A's MARKET web application, subscribed by A: offered to A's subtenants only, and A has none. */
  hosted: { id: string; name: string; mark: string };
  /** A's microservice, subscribed by A: its bootstrap user is `as.bootstrap`. */
  microservice: { id: string; name: string; mark: string; role: string };
  /** The password of A's service user of that microservice, which only its bootstrap user reads. */
  servicePassword: string;
  /** The management tenant's MARKET application A subscribes to (and B does not): naming it tells A's subscriptions. */
  market: { id: string; name: string };
  /** The management tenant's MARKET microservice B subscribes to: `as.service` is its service user in B. */
  serviceApp: { id: string; name: string };
  userName: string; userMark: string; adminMark: string;
  groupId: string; groupMark: string;
  category: string; key: string; optionValue: string;
  sender: string; providerMark: string; outboundMark: string; smsRequestId: string;
  inbound: { id: string; mark: string };
}

const hex = () => randomBytes(4).toString('hex');
const mark = (what: string) => `${what}${hex()}${hex()}`;
export const SENDER = 'tel:+4915112345678';

/** What the microservice's service user in B may do: every admin role a tenant can hold. */
const SERVICE_ROLES = [
  'ROLE_APPLICATION_MANAGEMENT_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_ADMIN',
  'ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_SMS_READ', 'ROLE_SMS_ADMIN', 'ROLE_TENANT_ADMIN',
];

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
  const res = await eventually(() => gw(`/application/applications/${id}/bootstrapUser`, { as }), (r) => r.status !== 503, 20000);
  if (res.status !== 200) throw new Error(`bootstrap user: ${res.status} ${JSON.stringify(res.body)}`);
  return [`${res.body.tenant}/${res.body.name}`, res.body.password];
}

/** The password of `tenant`'s service user of a microservice, as its bootstrap user reads it. */
async function servicePassword(bootstrap: Creds, tenant: string): Promise<string> {
  const find = (r: { body: any }) => r.body?.users?.find((u: { tenant: string }) => u.tenant === tenant)?.password as string | undefined;
  const res = await eventually(() => gw('/application/currentApplication/subscriptions', { as: bootstrap }), (r) => !!find(r), 20000);
  const password = find(res);
  if (!password) throw new Error(`no service user in ${tenant}: ${res.status} ${JSON.stringify(res.body)}`);
  return password;
}

/** Waits until `as` reads `path` with `text` in the answer: the fixture is in place (projections fed, users made). */
async function shows(path: string, as: Creds, text: string): Promise<void> {
  const res = await eventually(() => gw(path, { as }), (r) => r.status === 200 && JSON.stringify(r.body).includes(text), 20000);
  if (res.status !== 200 || !JSON.stringify(res.body).includes(text)) throw new Error(`${path} never showed ${text}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}

/**
 * A received message, stored in the SMS adapter's database as its SMPP provider stores one (no
 * SMSC is started for it: the matrix tests who reads it, not how it arrives).
 */
async function storeInbound(tenant: string, destination: string, message: string): Promise<string> {
  const id = `matrix-${hex()}${hex()}`;
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    await client.db(`${testStack.dbPrefix}_sms_adapter`).collection<{ _id: string; [field: string]: unknown }>('sms_inbound').insertOne({
      _id: id, tenant, providerMessageId: id, senderAddress: '+4915199999999', destinationAddress: destination, message,
      dateTime: new Date().toISOString(), receivedAt: new Date(),
    });
  } finally {
    await client.close();
  }
  return id;
}

/** The management tenant's applications the fixture subscribes A and B to. */
async function managementApplications(): Promise<{ market: { id: string; name: string }; serviceApp: { id: string; name: string }; serviceBootstrap: Creds }> {
  const name = mark('secmkt');
  const market = await ok(gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'EXTERNAL', externalUrl: 'https://example.com', availability: 'MARKET' } }), 'market app');
  const svc = mark('secsvc');
  const serviceApp = await ok(gw('/application/applications', {
    method: 'POST', as: admin(), body: { name: svc, key: `${svc}-key`, type: 'MICROSERVICE', availability: 'MARKET', requiredRoles: SERVICE_ROLES },
  }), 'service microservice');
  return { market: { id: market.id, name }, serviceApp: { id: serviceApp.id, name: svc }, serviceBootstrap: await bootstrapUser(serviceApp.id, admin()) };
}

/** Tenant A with one of each resource, each holding a mark; tenant B; the principals. */
export async function makeFixture(): Promise<Fixture> {
  const [a, b, mgmt] = await Promise.all([newTenant(), newTenant(), managementApplications()]);
  const as = a.admin;
  const tenantMark = mark('company');
  await ok(gw(`/tenant/tenants/${a.id}`, { method: 'PUT', as: admin(), body: { company: tenantMark } }), 'tenant company');
  const adminMark = mark('bossname');
  await ok(gw(`/user/${a.id}/users/boss`, { method: 'PUT', as, body: { firstName: adminMark } }), 'admin name');

  const web = mark('secweb');
  const hostedMark = mark('hostedmark');
  const hosted = await ok(gw('/application/applications', { method: 'POST', as, body: { name: web, key: `${web}-key`, type: 'HOSTED', contextPath: web, resourcesUrl: '/', description: hostedMark, availability: 'MARKET' } }), 'hosted app');
  await uploadZip(hosted.id, as);
  const versions = await ok(gw(`/application/applications/${hosted.id}/versions`, { as }), 'versions');
  const ms = mark('secms');
  const msMark = mark('msmark');
  const role = `ROLE_SECMARK${hex().toUpperCase()}_READ`;
  const microservice = await ok(gw('/application/applications', { method: 'POST', as, body: { name: ms, key: `${ms}-key`, type: 'MICROSERVICE', description: msMark, roles: [role] } }), 'microservice');

  const userName = mark('secuser');
  const userMark = mark('usermark');
  await ok(gw(`/user/${a.id}/users`, { method: 'POST', as, body: { userName, password: `Pw-${hex()}${hex()}`, firstName: userMark } }), 'user');
  const groupMark = mark('secgroup');
  const group = await ok(gw(`/user/${a.id}/groups`, { method: 'POST', as, body: { name: groupMark } }), 'group');
  const category = mark('sec.matrix');
  const optionValue = mark('optionmark');
  await ok(gw('/tenant/options', { method: 'POST', as, body: { category, key: 'k', value: optionValue } }), 'option');

  const providerMark = mark('sysid');
  await ok(gw('/service/messaging/providers/configuration', {
    method: 'PUT', as, body: { provider: 'smpp', senderAddress: '+4915112345678', senderName: 'Berth', settings: { host: '127.0.0.1', port: '9', systemId: providerMark, password: 'secret' } },
  }), 'sms provider');
  const outboundMark = mark('smsout');
  const sent = await ok(gw(`/service/messaging/smsmessaging/outbound/${encodeURIComponent(SENDER)}/requests`, {
    method: 'POST', as, body: { outboundSMSMessageRequest: { address: ['tel:+4915199999999'], senderAddress: SENDER, outboundSMSTextMessage: { message: outboundMark }, clientCorrelator: outboundMark } },
  }), 'sms');
  const smsRequestId = String(sent.resourceReference?.resourceURL ?? '').split('/').pop() ?? '';
  const inboundMark = mark('smsin');
  const inboundId = await storeInbound(a.id, '+4915112345678', inboundMark);

  for (const id of [hosted.id, microservice.id, mgmt.market.id]) {
    await ok(gw(`/tenant/tenants/${a.id}/applications`, { method: 'POST', as, body: { application: { id } } }), `A's subscription to ${id}`);
  }
  await ok(gw(`/tenant/tenants/${b.id}/applications`, { method: 'POST', as: b.admin, body: { application: { id: mgmt.serviceApp.id } } }), 'B\'s subscription');

  const [noRoles, optionAdmin, bootstrap] = await Promise.all([
    newUser(a, []), newUser(a, ['ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN']), bootstrapUser(microservice.id, as),
  ]);
  const [aService, bService] = await Promise.all([servicePassword(bootstrap, a.id), servicePassword(mgmt.serviceBootstrap, b.id)]);
  const service: Creds = [`${b.id}/service_${mgmt.serviceApp.name}`, bService];

  // The registry and the subscription app learn of subscriptions and users by events: wait until what each case reads is there.
  await Promise.all([
    shows(`/application/applicationsByTenant/${a.id}?pageSize=100`, as, hostedMark),
    shows(`/application/applicationsByTenant/${a.id}?pageSize=100`, as, mgmt.market.name),
    shows(`/application/applicationsByTenant/${b.id}?pageSize=100`, b.admin, mgmt.serviceApp.name),
    shows('/user/currentUser', service, 'ROLE_TENANT_ADMIN'),
  ]);
  return {
    a, b, as: { admin: as, noRoles, optionAdmin, bootstrap, service, other: b.admin, management: admin() }, tenantMark,
    hosted: { id: hosted.id, name: web, mark: hostedMark }, binaryId: versions.applicationVersions[0].binaryId, version: versions.applicationVersions[0].version,
    microservice: { id: microservice.id, name: ms, mark: msMark, role }, servicePassword: aService, market: mgmt.market, serviceApp: mgmt.serviceApp,
    userName, userMark, adminMark, groupId: String(group.id), groupMark, category, key: 'k', optionValue,
    sender: SENDER, providerMark, outboundMark, smsRequestId, inbound: { id: inboundId, mark: inboundMark },
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
    read(`/application/applicationsByTenant/${f.a.id}?pageSize=100`), read('/tenant/currentTenant'), read(`/user/${f.a.id}/users?pageSize=100`),
    read(`/user/${f.a.id}/groups?pageSize=100`), read('/tenant/options?pageSize=2000'),
  ]);
}

/** Drops fields that change without anyone writing (times, counters of reads). */
function stable(body: any): any {
  if (Array.isArray(body)) return body.map(stable);
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !['lastLoginDate', 'lastPasswordChange', 'statistics'].includes(k)).map(([k, v]) => [k, stable(v)]));
}
