import type { Fixture, Who } from './matrix-fixture';

/**
 * What one principal must get from one request (docs/security.md says who sees and changes what):
 * - `ok`: it may. A read answers 2xx naming the case's `secret` (the data really comes back); a
 *   write is made once the isolation checks are done (the matrix's last test) and answers 2xx.
 * - `own`: the route acts on the caller's own tenant or user whatever the path says: anything but
 *   a 5xx, without the `secret`.
 * - `denied`: 403 or 404 (another tenant's data: it may not tell whether it exists), without the `secret`.
 * - `forbidden`: 403 (a role, a principal kind or the management tenant is needed), without the `secret`.
 * - `refused`: 401, 403 or 404 (a public route naming A; credentials give nothing there), without the `secret`.
 */
export type Outcome = 'ok' | 'own' | 'denied' | 'forbidden' | 'refused';

export interface MatrixCase {
  path: (f: Fixture) => string;
  body?: (f: Fixture, who: Who) => unknown;
  /** A mark of tenant A's data that the route can answer: `ok` reads name it, every other outcome must not. */
  secret: (f: Fixture) => string;
  expect: Record<Who, Outcome>;
  /** The statuses an `ok` write may answer, when not 2xx (a write the route refuses for its body, past the access checks). */
  okStatus?: number[];
}

type Expect = Record<Who, Outcome>;

/** A's data named in the path: A's admin only. */
const A_ONLY: Expect = { admin: 'ok', noRoles: 'forbidden', optionAdmin: 'forbidden', bootstrap: 'forbidden', service: 'denied', other: 'denied', management: 'denied' };
/** A's identity, subscription or tenant data: A's admin and the management tenant's tenant-management admin. */
const A_OR_MANAGEMENT: Expect = { ...A_ONLY, management: 'ok' };
/** A route on the caller's own tenant: A's admin reads A's data, the other tenants' principals their own. */
const OWN_TENANT: Expect = { admin: 'ok', noRoles: 'forbidden', optionAdmin: 'forbidden', bootstrap: 'forbidden', service: 'own', other: 'own', management: 'own' };
/** A route on the caller itself, open to every user. */
const OWN_USER: Expect = { admin: 'ok', noRoles: 'own', optionAdmin: 'own', bootstrap: 'own', service: 'own', other: 'own', management: 'own' };
/** Only the management tenant. */
const MANAGEMENT_ONLY: Expect = { admin: 'forbidden', noRoles: 'forbidden', optionAdmin: 'forbidden', bootstrap: 'forbidden', service: 'forbidden', other: 'forbidden', management: 'ok' };
/** Only a microservice's bootstrap user. */
const BOOTSTRAP_ONLY: Expect = { admin: 'forbidden', noRoles: 'forbidden', optionAdmin: 'forbidden', bootstrap: 'ok', service: 'forbidden', other: 'forbidden', management: 'forbidden' };
/** No principal counts: a public route naming A. */
const PUBLIC: Expect = { admin: 'refused', noRoles: 'refused', optionAdmin: 'refused', bootstrap: 'refused', service: 'refused', other: 'refused', management: 'refused' };
/** The apps' internal routes, which the gateway never forwards. */
const INTERNAL: Expect = { admin: 'denied', noRoles: 'denied', optionAdmin: 'denied', bootstrap: 'denied', service: 'denied', other: 'denied', management: 'denied' };

const is = (base: Expect, changes: Partial<Expect> = {}): Expect => ({ ...base, ...changes });
/** A web application of A (docs/api/applications.md, "Serving web applications"): whoever may read the application loads it, others get 404. */
const WEB_APP_OF_A: Expect = { admin: 'own', noRoles: 'own', optionAdmin: 'own', bootstrap: 'own', service: 'own', other: 'denied', management: 'denied' };

const app = (f: Fixture) => `/application/applications/${f.hosted.id}`;
const users = (f: Fixture) => `/user/${f.a.id}`;
const sms = '/service/messaging/smsmessaging';
const tel = (f: Fixture) => encodeURIComponent(f.sender);
const hostedMark = (f: Fixture) => f.hosted.mark;
const subscriptionMark = (f: Fixture) => f.market.name;
const optionMark = (f: Fixture) => f.optionValue;
const userMark = (f: Fixture) => f.userMark;
const groupMark = (f: Fixture) => f.groupMark;
const tenantMark = (f: Fixture) => f.tenantMark;
const adminMark = (f: Fixture) => f.adminMark;
const unique = (prefix: string, who: Who) => `${prefix}${who.toLowerCase()}${Date.now().toString(36)}`;
const optionBody = () => ({ value: 'changed' });
/** The listings narrowed by A's subscriptions: A's readers and the management tenant's (docs/security.md, "Who reads a tenant's subscriptions"). */
const SUBSCRIPTIONS_OF_A: Expect = is(A_OR_MANAGEMENT, { noRoles: 'forbidden', optionAdmin: 'forbidden' });
const listing = (path: (f: Fixture) => string, secret: (f: Fixture) => string, expect: Expect): MatrixCase => ({ path, secret, expect });

/**
 * Every public route, keyed `METHOD /declared/path` (the gateway's own routes included), with one
 * case or several (a route's filters). Tenant A holds the data; `other` is tenant B's admin and
 * `service` a microservice's service user in B (docs/security.md, "The tenant model").
 */
export const CASES: Record<string, MatrixCase | MatrixCase[]> = {
  // application-registry
  'GET /application': { path: () => '/application', secret: hostedMark, expect: is(OWN_TENANT, { admin: 'own' }) },
  'GET /application/applications': [
    listing(() => '/application/applications?pageSize=2000', hostedMark, OWN_TENANT),
    listing((f) => `/application/applications?owner=${f.a.id}&pageSize=2000`, hostedMark, OWN_TENANT),
    listing((f) => `/application/applications?name=${f.hosted.name}&pageSize=2000`, hostedMark, OWN_TENANT),
    listing((f) => `/application/applications?user=${f.userName}&pageSize=2000`, hostedMark, OWN_TENANT),
    listing((f) => `/application/applications?subscriber=${f.a.id}&pageSize=2000`, subscriptionMark, SUBSCRIPTIONS_OF_A),
    listing((f) => `/application/applications?tenant=${f.a.id}&pageSize=2000`, subscriptionMark, SUBSCRIPTIONS_OF_A),
    listing((f) => `/application/applications?providedFor=${f.a.id}&pageSize=2000`, subscriptionMark, SUBSCRIPTIONS_OF_A),
  ],
  'GET /application/applicationsByName/:name': { path: (f) => `/application/applicationsByName/${f.hosted.name}`, secret: hostedMark, expect: OWN_TENANT },
  'GET /application/applicationsByOwner/:tenant': { path: (f) => `/application/applicationsByOwner/${f.a.id}?pageSize=2000`, secret: hostedMark, expect: OWN_TENANT },
  'GET /application/applicationsByTenant/:tenant': [
    listing((f) => `/application/applicationsByTenant/${f.a.id}?pageSize=2000`, subscriptionMark, SUBSCRIPTIONS_OF_A),
    // A's own application it subscribes to: not the management tenant's to see (docs/security.md, "Who sees which application").
    listing((f) => `/application/applicationsByTenant/${f.a.id}?pageSize=2000`, hostedMark, is(SUBSCRIPTIONS_OF_A, { management: 'own' })),
  ],
  'GET /application/applicationsByUser/:user': { path: (f) => `/application/applicationsByUser/${f.userName}?pageSize=2000`, secret: hostedMark, expect: OWN_TENANT },
  'POST /application/applications': {
    path: () => '/application/applications', body: (_f, who) => ({ name: unique('secnew', who), type: 'EXTERNAL', key: unique('secnew', who), externalUrl: 'https://example.com' }),
    secret: hostedMark, expect: OWN_TENANT,
  },
  'GET /application/applications/:id': [
    { path: app, secret: hostedMark, expect: A_ONLY },
    // Another tenant's MARKET application is offered to no one but its subtenants (docs/security.md, "Who sees which application").
    { path: (f) => `/application/applications/${f.market.id}`, secret: (f) => f.market.name, expect: is(OWN_USER, { admin: 'ok', noRoles: 'forbidden', optionAdmin: 'forbidden', bootstrap: 'forbidden', management: 'ok', service: 'ok', other: 'ok' }) },
  ],
  'PUT /application/applications/:id': [
    { path: app, body: () => ({ description: 'changed' }), secret: hostedMark, expect: A_ONLY },
    // A tenant subscribed to an application reads it, and changes nothing of it.
    { path: (f) => `/application/applications/${f.market.id}`, body: () => ({ description: 'changed' }), secret: (f) => f.market.name, expect: is(A_ONLY, { admin: 'denied', management: 'ok' }) },
  ],
  // A MARKET application its subscribers still use is not deleted (409), past the access checks.
  'DELETE /application/applications/:id': { path: app, secret: hostedMark, expect: A_ONLY, okStatus: [409] },
  'POST /application/applications/:id/clone': { path: (f) => `${app(f)}/clone`, secret: hostedMark, expect: A_ONLY },
  'POST /application/applications/:id/binaries': { path: (f) => `${app(f)}/binaries`, secret: hostedMark, expect: A_ONLY, okStatus: [400, 415, 422] },
  'GET /application/applications/:id/binaries': { path: (f) => `${app(f)}/binaries`, secret: (f) => f.binaryId, expect: A_ONLY },
  'GET /application/applications/:id/binaries/:binaryId': { path: (f) => `${app(f)}/binaries/${f.binaryId}`, secret: () => 'index.html', expect: A_ONLY },
  'DELETE /application/applications/:id/binaries/:binaryId': { path: (f) => `${app(f)}/binaries/${f.binaryId}`, secret: hostedMark, expect: A_ONLY, okStatus: [409] },
  'GET /application/applications/:id/bootstrapUser': { path: (f) => `/application/applications/${f.microservice.id}/bootstrapUser`, secret: (f) => f.as.bootstrap[1], expect: A_ONLY },
  // A's web application (MARKET, offered to A's subtenants only): its files carry no mark, A's principals load them, other tenants get the 404 of a missing one.
  'GET /apps/:contextPath': { path: (f) => `/apps/${f.hosted.name}`, secret: hostedMark, expect: WEB_APP_OF_A },
  'GET /apps/:contextPath/*': { path: (f) => `/apps/${f.hosted.name}/`, secret: hostedMark, expect: WEB_APP_OF_A },
  'GET /application/currentApplication': { path: () => '/application/currentApplication', secret: (f) => f.microservice.mark, expect: BOOTSTRAP_ONLY },
  'PUT /application/currentApplication': { path: () => '/application/currentApplication', body: (f) => ({ description: f.microservice.mark }), secret: (f) => f.microservice.mark, expect: BOOTSTRAP_ONLY },
  'GET /application/currentApplication/settings': { path: () => '/application/currentApplication/settings', secret: (f) => f.microservice.mark, expect: is(BOOTSTRAP_ONLY, { bootstrap: 'own' }) },
  'GET /application/applications/:id/versions': { path: (f) => `${app(f)}/versions`, secret: (f) => f.binaryId, expect: A_ONLY },
  'POST /application/applications/:id/versions': { path: (f) => `${app(f)}/versions`, secret: hostedMark, expect: A_ONLY, okStatus: [400, 415, 422] },
  'PUT /application/applications/:id/versions/:version': { path: (f) => `${app(f)}/versions/${f.version}`, body: () => ({ tags: ['changed'] }), secret: hostedMark, expect: A_ONLY },
  'DELETE /application/applications/:id/versions': { path: (f) => `${app(f)}/versions?version=${f.version}`, secret: hostedMark, expect: A_ONLY, okStatus: [409] },
  'POST /application/applications/:id/versions/:version/activate': { path: (f) => `${app(f)}/versions/${f.version}/activate`, secret: hostedMark, expect: A_ONLY },
  // microservice-orchestrator: A's microservice runs nowhere (no binary), so its logs have no instance to name.
  'GET /application/applications/:id/logs/:instance': { path: (f) => `/application/applications/${f.microservice.id}/logs/x`, secret: (f) => f.microservice.mark, expect: is(A_ONLY, { admin: 'denied' }) },
  // Every deployment answers to the management tenant too (docs/api/hosting.md); a status names `restarts`, an error does not.
  'GET /application/applications/:id/status': { path: (f) => `/application/applications/${f.microservice.id}/status`, secret: () => '"restarts"', expect: A_OR_MANAGEMENT },
  // sms-adapter
  'GET /service/messaging/smsmessaging/inbound/registrations/:receiver/messages': { path: (f) => `${sms}/inbound/registrations/${tel(f)}/messages`, secret: (f) => f.inbound.mark, expect: OWN_TENANT },
  'GET /service/messaging/smsmessaging/inbound/registrations/:receiver/messages/:id': { path: (f) => `${sms}/inbound/registrations/${tel(f)}/messages/${f.inbound.id}`, secret: (f) => f.inbound.mark, expect: OWN_TENANT },
  'POST /service/messaging/smsmessaging/outbound/:sender/requests': {
    path: (f) => `${sms}/outbound/${tel(f)}/requests`, secret: (f) => f.outboundMark, expect: OWN_TENANT,
    body: (f) => ({ outboundSMSMessageRequest: { address: ['tel:+4915199999999'], senderAddress: f.sender, outboundSMSTextMessage: { message: 'x' } } }),
  },
  'GET /service/messaging/smsmessaging/outbound/:sender/requests/:id/deliveryInfos': { path: (f) => `${sms}/outbound/${tel(f)}/requests/${f.smsRequestId}/deliveryInfos`, secret: () => '4915199999999', expect: is(OWN_TENANT, { service: 'denied', other: 'denied', management: 'denied' }) },
  // The provider settings are tenant options: the tenant's option admins read and write them too (docs/api/sms.md).
  'GET /service/messaging/providers/definitions': { path: () => '/service/messaging/providers/definitions', secret: (f) => f.providerMark, expect: is(OWN_TENANT, { admin: 'own', optionAdmin: 'own' }) },
  'GET /service/messaging/providers/configuration': { path: () => '/service/messaging/providers/configuration', secret: (f) => f.providerMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'PUT /service/messaging/providers/configuration': {
    path: () => '/service/messaging/providers/configuration', secret: (f) => f.providerMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }),
    body: () => ({ provider: 'smpp', senderAddress: '+4915112345678', senderName: 'Berth', settings: { host: '127.0.0.1', port: '9', systemId: 'changed', password: 'changed' } }),
  },
  'DELETE /service/messaging/providers/configuration': { path: () => '/service/messaging/providers/configuration', secret: (f) => f.providerMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'POST /service/messaging/providers/webhooks/:provider/:tenant': { path: (f) => `/service/messaging/providers/webhooks/http-a/${f.a.id}`, body: () => ({}), secret: (f) => f.inbound.mark, expect: PUBLIC },
  // subscription
  'GET /application/currentApplication/subscriptions': { path: () => '/application/currentApplication/subscriptions', secret: (f) => f.servicePassword, expect: BOOTSTRAP_ONLY },
  'POST /tenant/tenants/:tenant/applications': [
    // Subscribing again accepts pending roles; with none pending it is a duplicate (docs/security.md, "Service users and the roles a tenant accepted").
    { path: (f) => `/tenant/tenants/${f.a.id}/applications`, body: (f) => ({ application: { self: `http://x/application/applications/${f.microservice.id}` } }), secret: (f) => f.microservice.mark, expect: A_OR_MANAGEMENT, okStatus: [409] },
    { path: (f) => `/tenant/tenants/${f.a.id}/applications`, body: (f) => ({ application: { id: f.serviceApp.id } }), secret: (f) => f.microservice.mark, expect: A_OR_MANAGEMENT },
  ],
  'GET /tenant/tenants/:tenant/applications': [
    { path: (f) => `/tenant/tenants/${f.a.id}/applications?pageSize=100`, secret: subscriptionMark, expect: A_OR_MANAGEMENT },
    { path: (f) => `/tenant/tenants/${f.a.id}/applications?pageSize=100`, secret: (f) => f.hosted.name, expect: A_OR_MANAGEMENT },
  ],
  'DELETE /tenant/tenants/:tenant/applications/:applicationId': { path: (f) => `/tenant/tenants/${f.a.id}/applications/${f.market.id}`, secret: subscriptionMark, expect: A_OR_MANAGEMENT },
  // tenant-options: identity
  'GET /tenant/currentTenant': { path: () => '/tenant/currentTenant', secret: tenantMark, expect: is(OWN_USER, { noRoles: 'ok', optionAdmin: 'ok', bootstrap: 'ok' }) },
  'GET /user/currentUser': { path: () => '/user/currentUser', secret: adminMark, expect: OWN_USER },
  // An empty change: each user may update itself, and A's snapshot lists it unchanged.
  'PUT /user/currentUser': { path: () => '/user/currentUser', body: () => ({}), secret: adminMark, expect: is(OWN_USER, { bootstrap: 'forbidden' }) },
  'GET /user/:tenant/groups': { path: (f) => `${users(f)}/groups?pageSize=2000`, secret: groupMark, expect: A_OR_MANAGEMENT },
  'POST /user/:tenant/groups': { path: (f) => `${users(f)}/groups`, body: (_f, who) => ({ name: unique('secintruders', who) }), secret: groupMark, expect: A_OR_MANAGEMENT },
  'GET /user/:tenant/groups/:id': { path: (f) => `${users(f)}/groups/${f.groupId}`, secret: groupMark, expect: A_OR_MANAGEMENT },
  'DELETE /user/:tenant/groups/:id': { path: (f) => `${users(f)}/groups/${f.groupId}`, secret: groupMark, expect: A_OR_MANAGEMENT },
  'POST /user/:tenant/groups/:id/roles': { path: (f) => `${users(f)}/groups/${f.groupId}/roles`, body: () => ({ role: { id: 'ROLE_TENANT_ADMIN' } }), secret: groupMark, expect: A_OR_MANAGEMENT },
  'DELETE /user/:tenant/groups/:id/roles/:role': { path: (f) => `${users(f)}/groups/${f.groupId}/roles/ROLE_TENANT_ADMIN`, secret: groupMark, expect: A_OR_MANAGEMENT },
  'POST /user/:tenant/groups/:id/users': { path: (f) => `${users(f)}/groups/${f.groupId}/users`, body: (f) => ({ user: { self: `x/${f.userName}` } }), secret: groupMark, expect: A_OR_MANAGEMENT },
  'DELETE /user/:tenant/groups/:id/users/:userName': { path: (f) => `${users(f)}/groups/${f.groupId}/users/${f.userName}`, secret: groupMark, expect: A_OR_MANAGEMENT },
  'GET /internal/applications/:id/roles': { path: (f) => `/internal/applications/${f.microservice.id}/roles`, secret: (f) => f.microservice.role, expect: INTERNAL },
  'POST /internal/authenticate': { path: () => '/internal/authenticate', body: () => ({}), secret: adminMark, expect: INTERNAL },
  // Public by design (docs/api/tenants-users-auth.md): a login page reads the tenant's login options before anyone logs in.
  'GET /tenant/loginOptions': { path: (f) => `/tenant/loginOptions?tenantId=${f.a.id}`, secret: tenantMark, expect: is(OWN_USER, { admin: 'own' }) },
  'POST /tenant/loginOptions': { path: (f) => `/tenant/loginOptions?tenantId=${f.a.id}`, secret: tenantMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/OAUTH2_INTERNAL', secret: tenantMark, expect: is(OWN_TENANT, { admin: 'own' }) },
  'PUT /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/OAUTH2_INTERNAL', body: () => ({ type: 'OAUTH2_INTERNAL' }), secret: tenantMark, expect: is(OWN_TENANT, { admin: 'own' }) },
  'DELETE /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/nope', secret: tenantMark, expect: is(OWN_TENANT, { admin: 'own' }) },
  'POST /user/logout': { path: () => '/user/logout', secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /tenant/oauth': { path: (f) => `/tenant/oauth?tenant_id=${f.a.id}`, secret: tenantMark, expect: PUBLIC },
  'POST /tenant/oauth': { path: (f) => `/tenant/oauth?tenant_id=${f.a.id}&grant_type=authorization_code&code=x`, secret: tenantMark, expect: PUBLIC },
  'POST /tenant/oauth/token': { path: (f) => `/tenant/oauth/token?tenant_id=${f.a.id}&grant_type=authorization_code&code=x`, secret: tenantMark, expect: PUBLIC },
  'GET /tenant/tenants': { path: () => '/tenant/tenants?pageSize=2000', secret: tenantMark, expect: MANAGEMENT_ONLY },
  'POST /tenant/tenants': { path: () => '/tenant/tenants', body: (_f, who) => ({ company: 'x', domain: `${unique('secnew', who)}.example.com`, adminName: 'boss', adminPass: 'Intruder-123456', adminEmail: 'boss@example.com' }), secret: tenantMark, expect: MANAGEMENT_ONLY },
  'GET /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, secret: tenantMark, expect: MANAGEMENT_ONLY },
  'PUT /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, body: () => ({ contactName: 'changed', status: 'SUSPENDED' }), secret: tenantMark, expect: MANAGEMENT_ONLY },
  'DELETE /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, secret: tenantMark, expect: MANAGEMENT_ONLY },
  'POST /user/currentUser/totpSecret': { path: () => '/user/currentUser/totpSecret', secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /user/currentUser/totpSecret': { path: () => '/user/currentUser/totpSecret', secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'POST /user/currentUser/totpSecret/verify': { path: () => '/user/currentUser/totpSecret/verify', body: () => ({ code: '000000' }), secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /user/currentUser/totpSecret/activity': { path: () => '/user/currentUser/totpSecret/activity', secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'POST /user/currentUser/totpSecret/activity': { path: () => '/user/currentUser/totpSecret/activity', body: () => ({ isActive: false }), secret: adminMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /user/roles': { path: () => '/user/roles?pageSize=2000', secret: (f) => f.microservice.role, expect: is(OWN_USER, { admin: 'own' }) },
  'POST /user/:tenant/users/:userName/roles': { path: (f) => `${users(f)}/users/${f.userName}/roles`, body: () => ({ role: { id: 'ROLE_TENANT_ADMIN' } }), secret: userMark, expect: A_OR_MANAGEMENT },
  'DELETE /user/:tenant/users/:userName/roles/:role': { path: (f) => `${users(f)}/users/${f.userName}/roles/ROLE_TENANT_ADMIN`, secret: userMark, expect: A_OR_MANAGEMENT },
  'GET /user/:tenant/users': { path: (f) => `${users(f)}/users?pageSize=2000`, secret: userMark, expect: A_OR_MANAGEMENT },
  'POST /user/:tenant/users': { path: (f) => `${users(f)}/users`, body: (_f, who) => ({ userName: unique('secintruder', who), password: 'Intruder-123456' }), secret: userMark, expect: A_OR_MANAGEMENT },
  'GET /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, secret: userMark, expect: A_OR_MANAGEMENT },
  'GET /user/:tenant/userByName/:userName': { path: (f) => `${users(f)}/userByName/${f.userName}`, secret: userMark, expect: A_OR_MANAGEMENT },
  'PUT /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, body: () => ({ firstName: 'changed' }), secret: userMark, expect: A_OR_MANAGEMENT },
  'DELETE /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, secret: userMark, expect: A_OR_MANAGEMENT },
  // tenant-options: options
  'PUT /tenant/options/:category/:key/editable': { path: (f) => `/tenant/options/${f.category}/${f.key}/editable`, body: () => ({ editable: 'false' }), secret: optionMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  'PUT /tenant/tenants/:tenantId/options/:category/:key/editable': {
    path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}/editable`, body: () => ({ editable: 'true' }), secret: optionMark, expect: MANAGEMENT_ONLY,
  },
  'PUT /tenant/tenants/:tenantId/options/:category/:key': { path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}`, body: optionBody, secret: optionMark, expect: MANAGEMENT_ONLY },
  'DELETE /tenant/tenants/:tenantId/options/:category/:key': { path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}`, secret: optionMark, expect: MANAGEMENT_ONLY },
  'POST /tenant/system/options': { path: () => '/tenant/system/options', body: () => ({ category: 'sec', key: 'k', value: 'v' }), secret: optionMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  'GET /tenant/system/options': { path: () => '/tenant/system/options?pageSize=2000', secret: optionMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /tenant/system/options/:category': { path: () => '/tenant/system/options/sec', secret: optionMark, expect: is(OWN_USER, { admin: 'own' }) },
  'PUT /tenant/system/options/:category': { path: () => '/tenant/system/options/sec', body: () => ({ k: 'v' }), secret: optionMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  'GET /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', secret: optionMark, expect: is(OWN_USER, { admin: 'own' }) },
  'PUT /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', body: optionBody, secret: optionMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  'DELETE /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', secret: optionMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  'POST /tenant/options': { path: () => '/tenant/options', body: (f) => ({ category: f.category, key: f.key, value: 'changed' }), secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'GET /tenant/options': { path: () => '/tenant/options?pageSize=2000', secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'GET /tenant/options/:category': { path: (f) => `/tenant/options/${f.category}`, secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'PUT /tenant/options/:category': { path: (f) => `/tenant/options/${f.category}`, body: (f) => ({ [f.key]: 'changed' }), secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'GET /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'PUT /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, body: optionBody, secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  'DELETE /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, secret: optionMark, expect: is(OWN_TENANT, { optionAdmin: 'ok' }) },
  // the gateway's own routes
  'GET /platform': { path: () => '/platform', secret: hostedMark, expect: is(OWN_USER, { admin: 'own' }) },
  'GET /tenant/statistics/applicationUsage': { path: () => '/tenant/statistics/applicationUsage', secret: hostedMark, expect: is(MANAGEMENT_ONLY, { management: 'own' }) },
  // The gateway checks the caller's tenant is subscribed; the microservice, running nowhere here, would check its roles.
  'GET /service/:name/*': { path: (f) => `/service/${f.microservice.name}/hello`, secret: (f) => f.microservice.mark, expect: is(INTERNAL, { noRoles: 'own', admin: 'own', optionAdmin: 'own', bootstrap: 'own' }) },
};

/** The gateway's own routes (registered on Fastify, not in controllers). */
export const GATEWAY_ROUTES = ['GET /platform', 'GET /tenant/statistics/applicationUsage', 'GET /service/:name/*'];

/** What a bootstrap user must not change on its own application, by either route (docs/security.md, "Who may change what"). */
export const BOOTSTRAP_ESCALATIONS: unknown[] = [
  { availability: 'MARKET' },
  { requiredRoles: ['ROLE_USER_MANAGEMENT_ADMIN', 'ROLE_TENANT_ADMIN', 'ROLE_OPTION_MANAGEMENT_ADMIN'] },
  { roles: ['ROLE_SECURITY_MATRIX'] },
];

/**
 * One valid option of each category only the tenant's admins (trust anchors) or the management
 * tenant (platform limits) may write (docs/security.md, "Trust anchors"); `pem` is an RSA public key.
 */
export const GUARDED_OPTIONS = (pem: string): Array<{ category: string; key: string; value: string }> => [
  { category: 'token.publicKey', key: 'matrix', value: pem },
  { category: 'two-factor-authentication', key: 'enforced', value: 'false' },
  { category: 'oauth.internal', key: 'basic-token.lifespan.seconds', value: '2592000' },
  { category: 'rate.limit', key: 'requests.per.second', value: '1000000' },
];
