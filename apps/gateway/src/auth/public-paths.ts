/**
 * Requests the gateway forwards without authentication (docs/api/tenants-users-auth.md): a hosted
 * microservice's health, the login options, the OAuth endpoints and the SMS providers' webhooks
 * (authenticated by the sms-adapter from what the provider signs); and the gateway's own `/health`,
 * its OpenAPI document `/openapi.json` and the reference page `/api-docs` with its assets.
 */
const PUBLIC = [
  /^\/health$/,
  /^\/openapi\.json$/,
  /^\/api-docs(\/[^/]+)?$/,
  /^\/service\/[^/]+\/health\/?$/,
  /^\/tenant\/loginOptions\/?$/,
  /^\/tenant\/oauth(\/token)?\/?$/,
  /^\/service\/messaging\/providers\/webhooks\/[^/]+\/[^/]+\/?$/,
];

export function isPublicPath(path: string): boolean {
  for (const pattern of PUBLIC) if (pattern.test(path)) return true;
  return false;
}
