import type { Fixture } from './matrix-fixture';

/**
 * How a route answers a caller who must not reach tenant A's data:
 * - `denied`: the request names A's resource (or needs a role, a kind or the management tenant
 *   B's admin lacks): 403 or 404;
 * - `own`: the route acts on the caller's own tenant whatever the path says; any answer but a 5xx,
 *   as long as nothing of A changes and no answer names A's `secret`;
 * - `public`: no principal; naming A gets 401, 403 or 404.
 * `noRoles` is what a user of A without any role gets: `denied` 403, or `open` (routes for any user).
 */
export interface MatrixCase {
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  isolation: 'denied' | 'own' | 'public';
  noRoles: 'denied' | 'open';
  /** Text of A's that an `own` answer to B must not contain. */
  secret?: (f: Fixture) => string;
}

const app = (f: Fixture) => `/application/applications/${f.hosted.id}`;
const users = (f: Fixture) => `/user/${f.a.id}`;
const sms = (_f: Fixture) => '/service/messaging/smsmessaging';
const tel = (f: Fixture) => encodeURIComponent(f.sender);
const optionBody = () => ({ value: 'changed' });

/** Every public route, keyed `METHOD /declared/path` (the gateway's own routes included). */
export const CASES: Record<string, MatrixCase> = {
  // application-registry
  'GET /application': { path: () => '/application', isolation: 'own', noRoles: 'denied' },
  'GET /application/applications': { path: () => '/application/applications?pageSize=2000', isolation: 'own', noRoles: 'denied', secret: (f) => f.hosted.name },
  'GET /application/applicationsByName/:name': { path: (f) => `/application/applicationsByName/${f.hosted.name}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.hosted.id },
  'GET /application/applicationsByOwner/:tenant': { path: (f) => `/application/applicationsByOwner/${f.a.id}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.hosted.name },
  'GET /application/applicationsByTenant/:tenant': { path: (f) => `/application/applicationsByTenant/${f.a.id}`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/applicationsByUser/:user': { path: (f) => `/application/applicationsByUser/${f.userName}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.hosted.name },
  'POST /application/applications': { path: () => '/application/applications', body: () => ({ name: 'x', type: 'EXTERNAL', key: 'x' }), isolation: 'own', noRoles: 'denied' },
  'GET /application/applications/:id': { path: app, isolation: 'denied', noRoles: 'denied' },
  'PUT /application/applications/:id': { path: app, body: () => ({ description: 'changed' }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /application/applications/:id': { path: app, isolation: 'denied', noRoles: 'denied' },
  'POST /application/applications/:id/clone': { path: (f) => `${app(f)}/clone`, isolation: 'denied', noRoles: 'denied' },
  'POST /application/applications/:id/binaries': { path: (f) => `${app(f)}/binaries`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/applications/:id/binaries': { path: (f) => `${app(f)}/binaries`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/applications/:id/binaries/:binaryId': { path: (f) => `${app(f)}/binaries/${f.binaryId}`, isolation: 'denied', noRoles: 'denied' },
  'DELETE /application/applications/:id/binaries/:binaryId': { path: (f) => `${app(f)}/binaries/${f.binaryId}`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/applications/:id/bootstrapUser': { path: (f) => `/application/applications/${f.microservice.id}/bootstrapUser`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/currentApplication': { path: () => '/application/currentApplication', isolation: 'denied', noRoles: 'denied' },
  'PUT /application/currentApplication': { path: () => '/application/currentApplication', body: () => ({ description: 'x' }), isolation: 'denied', noRoles: 'denied' },
  'GET /application/currentApplication/settings': { path: () => '/application/currentApplication/settings', isolation: 'denied', noRoles: 'denied' },
  'GET /application/applications/:id/versions': { path: (f) => `${app(f)}/versions`, isolation: 'denied', noRoles: 'denied' },
  'POST /application/applications/:id/versions': { path: (f) => `${app(f)}/versions`, isolation: 'denied', noRoles: 'denied' },
  'PUT /application/applications/:id/versions/:version': { path: (f) => `${app(f)}/versions/${f.version}`, body: () => ({ tags: ['changed'] }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /application/applications/:id/versions': { path: (f) => `${app(f)}/versions?version=${f.version}`, isolation: 'denied', noRoles: 'denied' },
  'POST /application/applications/:id/versions/:version/activate': { path: (f) => `${app(f)}/versions/${f.version}/activate`, isolation: 'denied', noRoles: 'denied' },
  // microservice-orchestrator
  'GET /application/applications/:id/logs/:instance': { path: (f) => `/application/applications/${f.microservice.id}/logs/x`, isolation: 'denied', noRoles: 'denied' },
  'GET /application/applications/:id/status': { path: (f) => `/application/applications/${f.microservice.id}/status`, isolation: 'denied', noRoles: 'denied' },
  // sms-adapter
  'GET /service/messaging/smsmessaging/inbound/registrations/:receiver/messages': { path: (f) => `${sms(f)}/inbound/registrations/${tel(f)}/messages`, isolation: 'own', noRoles: 'denied' },
  // Looked up in the caller's tenant only (B has no provider, so 422 from the provider matrix).
  'GET /service/messaging/smsmessaging/inbound/registrations/:receiver/messages/:id': { path: (f) => `${sms(f)}/inbound/registrations/${tel(f)}/messages/${f.smsRequestId}`, isolation: 'own', noRoles: 'denied' },
  'POST /service/messaging/smsmessaging/outbound/:sender/requests': {
    path: (f) => `${sms(f)}/outbound/${tel(f)}/requests`, isolation: 'own', noRoles: 'denied',
    body: (f) => ({ outboundSMSMessageRequest: { address: ['tel:+4915199999999'], senderAddress: f.sender, outboundSMSTextMessage: { message: 'x' } } }),
  },
  'GET /service/messaging/smsmessaging/outbound/:sender/requests/:id/deliveryInfos': { path: (f) => `${sms(f)}/outbound/${tel(f)}/requests/${f.smsRequestId}/deliveryInfos`, isolation: 'denied', noRoles: 'denied' },
  'GET /service/messaging/providers/definitions': { path: () => '/service/messaging/providers/definitions', isolation: 'own', noRoles: 'denied' },
  'GET /service/messaging/providers/configuration': { path: () => '/service/messaging/providers/configuration', isolation: 'own', noRoles: 'denied', secret: () => 'systemId' },
  'PUT /service/messaging/providers/configuration': { path: () => '/service/messaging/providers/configuration', body: () => ({ provider: 'nope' }), isolation: 'own', noRoles: 'denied' },
  'DELETE /service/messaging/providers/configuration': { path: () => '/service/messaging/providers/configuration', isolation: 'own', noRoles: 'denied' },
  'POST /service/messaging/providers/webhooks/:provider/:tenant': { path: (f) => `/service/messaging/providers/webhooks/http-a/${f.a.id}`, body: () => ({}), isolation: 'public', noRoles: 'open' },
  // subscription
  'GET /application/currentApplication/subscriptions': { path: () => '/application/currentApplication/subscriptions', isolation: 'denied', noRoles: 'denied' },
  'POST /tenant/tenants/:tenant/applications': { path: (f) => `/tenant/tenants/${f.a.id}/applications`, body: (f) => ({ application: { self: `x/${f.microservice.id}` } }), isolation: 'denied', noRoles: 'denied' },
  'GET /tenant/tenants/:tenant/applications': { path: (f) => `/tenant/tenants/${f.a.id}/applications`, isolation: 'denied', noRoles: 'denied' },
  'DELETE /tenant/tenants/:tenant/applications/:applicationId': { path: (f) => `/tenant/tenants/${f.a.id}/applications/${f.microservice.id}`, isolation: 'denied', noRoles: 'denied' },
  // tenant-options: identity
  'GET /tenant/currentTenant': { path: () => '/tenant/currentTenant', isolation: 'own', noRoles: 'open', secret: (f) => f.a.id },
  'GET /user/currentUser': { path: () => '/user/currentUser', isolation: 'own', noRoles: 'open', secret: (f) => f.a.id },
  // An empty change: the role matrix's user may update itself, and A's snapshot lists it.
  'PUT /user/currentUser': { path: () => '/user/currentUser', body: () => ({}), isolation: 'own', noRoles: 'open' },
  'GET /user/:tenant/groups': { path: (f) => `${users(f)}/groups`, isolation: 'denied', noRoles: 'denied' },
  'POST /user/:tenant/groups': { path: (f) => `${users(f)}/groups`, body: () => ({ name: 'intruders' }), isolation: 'denied', noRoles: 'denied' },
  'GET /user/:tenant/groups/:id': { path: (f) => `${users(f)}/groups/${f.groupId}`, isolation: 'denied', noRoles: 'denied' },
  'DELETE /user/:tenant/groups/:id': { path: (f) => `${users(f)}/groups/${f.groupId}`, isolation: 'denied', noRoles: 'denied' },
  'POST /user/:tenant/groups/:id/roles': { path: (f) => `${users(f)}/groups/${f.groupId}/roles`, body: () => ({ role: { id: 'ROLE_TENANT_ADMIN' } }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /user/:tenant/groups/:id/roles/:role': { path: (f) => `${users(f)}/groups/${f.groupId}/roles/ROLE_TENANT_ADMIN`, isolation: 'denied', noRoles: 'denied' },
  'POST /user/:tenant/groups/:id/users': { path: (f) => `${users(f)}/groups/${f.groupId}/users`, body: (f) => ({ user: { self: `x/${f.userName}` } }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /user/:tenant/groups/:id/users/:userName': { path: (f) => `${users(f)}/groups/${f.groupId}/users/${f.userName}`, isolation: 'denied', noRoles: 'denied' },
  'GET /internal/applications/:id/roles': { path: (f) => `/internal/applications/${f.microservice.id}/roles`, isolation: 'denied', noRoles: 'denied' },
  'POST /internal/authenticate': { path: () => '/internal/authenticate', body: () => ({}), isolation: 'denied', noRoles: 'denied' },
  // Public by design (`POST /tenant/loginOptions`, docs/api/tenants-users-auth.md): a login page reads the tenant's login options before anyone logs in.
  'GET /tenant/loginOptions': { path: (f) => `/tenant/loginOptions?tenantId=${f.a.id}`, isolation: 'own', noRoles: 'open' },
  'POST /tenant/loginOptions': { path: (f) => `/tenant/loginOptions?tenantId=${f.a.id}`, isolation: 'own', noRoles: 'open' },
  'GET /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/OAUTH2_INTERNAL', isolation: 'own', noRoles: 'denied' },
  'PUT /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/OAUTH2_INTERNAL', body: () => ({ type: 'OAUTH2_INTERNAL' }), isolation: 'own', noRoles: 'denied' },
  'DELETE /tenant/loginOptions/:id': { path: () => '/tenant/loginOptions/nope', isolation: 'own', noRoles: 'denied' },
  'POST /user/logout': { path: () => '/user/logout', isolation: 'own', noRoles: 'open' },
  'GET /tenant/oauth': { path: (f) => `/tenant/oauth?tenant_id=${f.a.id}`, isolation: 'public', noRoles: 'open' },
  'POST /tenant/oauth': { path: (f) => `/tenant/oauth?tenant_id=${f.a.id}&grant_type=authorization_code&code=x`, isolation: 'public', noRoles: 'open' },
  'POST /tenant/oauth/token': { path: (f) => `/tenant/oauth/token?tenant_id=${f.a.id}`, isolation: 'public', noRoles: 'open' },
  'GET /tenant/tenants': { path: () => '/tenant/tenants', isolation: 'denied', noRoles: 'denied' },
  'POST /tenant/tenants': { path: () => '/tenant/tenants', body: () => ({ company: 'x', domain: 'x.example.com' }), isolation: 'denied', noRoles: 'denied' },
  'GET /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, isolation: 'denied', noRoles: 'denied' },
  'PUT /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, body: () => ({ contactName: 'changed', status: 'SUSPENDED' }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /tenant/tenants/:id': { path: (f) => `/tenant/tenants/${f.a.id}`, isolation: 'denied', noRoles: 'denied' },
  'POST /user/currentUser/totpSecret': { path: () => '/user/currentUser/totpSecret', isolation: 'own', noRoles: 'open' },
  'GET /user/currentUser/totpSecret': { path: () => '/user/currentUser/totpSecret', isolation: 'own', noRoles: 'open' },
  'POST /user/currentUser/totpSecret/verify': { path: () => '/user/currentUser/totpSecret/verify', body: () => ({ code: '000000' }), isolation: 'own', noRoles: 'open' },
  'GET /user/currentUser/totpSecret/activity': { path: () => '/user/currentUser/totpSecret/activity', isolation: 'own', noRoles: 'open' },
  'POST /user/currentUser/totpSecret/activity': { path: () => '/user/currentUser/totpSecret/activity', body: () => ({ isActive: false }), isolation: 'own', noRoles: 'open' },
  'GET /user/roles': { path: () => '/user/roles', isolation: 'own', noRoles: 'open' },
  'POST /user/:tenant/users/:userName/roles': { path: (f) => `${users(f)}/users/${f.userName}/roles`, body: () => ({ role: { id: 'ROLE_TENANT_ADMIN' } }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /user/:tenant/users/:userName/roles/:role': { path: (f) => `${users(f)}/users/${f.userName}/roles/ROLE_TENANT_ADMIN`, isolation: 'denied', noRoles: 'denied' },
  'GET /user/:tenant/users': { path: (f) => `${users(f)}/users`, isolation: 'denied', noRoles: 'denied' },
  'POST /user/:tenant/users': { path: (f) => `${users(f)}/users`, body: () => ({ userName: 'intruder', password: 'Intruder-123456' }), isolation: 'denied', noRoles: 'denied' },
  'GET /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, isolation: 'denied', noRoles: 'denied' },
  'GET /user/:tenant/userByName/:userName': { path: (f) => `${users(f)}/userByName/${f.userName}`, isolation: 'denied', noRoles: 'denied' },
  'PUT /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, body: () => ({ firstName: 'changed' }), isolation: 'denied', noRoles: 'denied' },
  'DELETE /user/:tenant/users/:userName': { path: (f) => `${users(f)}/users/${f.userName}`, isolation: 'denied', noRoles: 'denied' },
  // tenant-options: options
  'PUT /tenant/options/:category/:key/editable': { path: (f) => `/tenant/options/${f.category}/${f.key}/editable`, body: () => ({ editable: 'false' }), isolation: 'denied', noRoles: 'denied' },
  'PUT /tenant/tenants/:tenantId/options/:category/:key/editable': { path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}/editable`, body: () => ({ editable: 'false' }), isolation: 'denied', noRoles: 'denied' },
  'PUT /tenant/tenants/:tenantId/options/:category/:key': { path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}`, body: optionBody, isolation: 'denied', noRoles: 'denied' },
  'DELETE /tenant/tenants/:tenantId/options/:category/:key': { path: (f) => `/tenant/tenants/${f.a.id}/options/${f.category}/${f.key}`, isolation: 'denied', noRoles: 'denied' },
  'POST /tenant/system/options': { path: () => '/tenant/system/options', body: () => ({ category: 'sec', key: 'k', value: 'v' }), isolation: 'denied', noRoles: 'denied' },
  'GET /tenant/system/options': { path: () => '/tenant/system/options', isolation: 'own', noRoles: 'open' },
  'GET /tenant/system/options/:category': { path: () => '/tenant/system/options/sec', isolation: 'own', noRoles: 'open' },
  'PUT /tenant/system/options/:category': { path: () => '/tenant/system/options/sec', body: () => ({ k: 'v' }), isolation: 'denied', noRoles: 'denied' },
  'GET /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', isolation: 'own', noRoles: 'open' },
  'PUT /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', body: optionBody, isolation: 'denied', noRoles: 'denied' },
  'DELETE /tenant/system/options/:category/:key': { path: () => '/tenant/system/options/sec/k', isolation: 'denied', noRoles: 'denied' },
  'POST /tenant/options': { path: () => '/tenant/options', body: (f) => ({ category: f.category, key: f.key, value: 'changed' }), isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'GET /tenant/options': { path: () => '/tenant/options?pageSize=2000', isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'GET /tenant/options/:category': { path: (f) => `/tenant/options/${f.category}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'PUT /tenant/options/:category': { path: (f) => `/tenant/options/${f.category}`, body: (f) => ({ [f.key]: 'changed' }), isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'GET /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'PUT /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, body: optionBody, isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  'DELETE /tenant/options/:category/:key': { path: (f) => `/tenant/options/${f.category}/${f.key}`, isolation: 'own', noRoles: 'denied', secret: (f) => f.optionValue },
  // the gateway's own routes
  'GET /platform': { path: () => '/platform', isolation: 'own', noRoles: 'open' },
  'GET /tenant/statistics/applicationUsage': { path: () => '/tenant/statistics/applicationUsage', isolation: 'denied', noRoles: 'denied' },
  // A microservice checks its own roles; the gateway checks the subscription (hosting e2e specs).
  'GET /service/:name/*': { path: (f) => `/service/${f.microservice.name}/hello`, isolation: 'denied', noRoles: 'open' },
};

/** The gateway's own routes (registered on Fastify, not in controllers). */
export const GATEWAY_ROUTES = ['GET /platform', 'GET /tenant/statistics/applicationUsage', 'GET /service/:name/*'];

/**
 * Every way to ask the registry or the subscription app about one tenant's applications and
 * subscriptions. Asked by B about A, none may name A's applications (A is subscribed to its web
 * application, so each one has something to leak).
 */
export const TENANT_LISTINGS: Array<(f: Fixture) => string> = [
  (f) => `/application/applicationsByTenant/${f.a.id}`,
  (f) => `/application/applicationsByOwner/${f.a.id}`,
  (f) => `/application/applications?subscriber=${f.a.id}&pageSize=2000`,
  (f) => `/application/applications?tenant=${f.a.id}&pageSize=2000`,
  (f) => `/application/applications?owner=${f.a.id}&pageSize=2000`,
  (f) => `/application/applications?providedFor=${f.a.id}&pageSize=2000`,
  (f) => `/application/applications?user=${f.userName}&pageSize=2000`,
  (f) => `/application/applicationsByUser/${f.userName}`,
  (f) => `/tenant/tenants/${f.a.id}/applications`,
];

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
