/**
 * Requests the gateway forwards without authentication (docs/api/tenants-users-auth.md): a hosted
 * microservice's health, the login options, the OAuth endpoints and the SMS providers' webhooks
 * (authenticated by the sms-adapter from what the provider signs); and the gateway's own `/health`,
 * its OpenAPI document `/openapi.json`, the reference page `/api-docs` with its assets, and the
 * errors page `/docs/errors`. Each pattern is anchored at both ends (`^…$`).
 */
const PUBLIC = [
  /^\/health$/,
  /^\/openapi\.json$/,
  /^\/api-docs(\/[^/]+)?$/,
  /^\/docs\/errors$/,
  /^\/service\/[^/]+\/health\/?$/,
  /^\/tenant\/loginOptions\/?$/,
  /^\/tenant\/oauth(\/token)?\/?$/,
  /^\/service\/messaging\/providers\/webhooks\/[^/]+\/[^/]+\/?$/,
];

/** The list as one expression: one test per request instead of one per pattern. */
const ANY_PUBLIC = new RegExp(`^(?:${PUBLIC.map((pattern) => pattern.source.slice(1, -1)).join('|')})$`);

export function isPublicPath(path: string): boolean {
  return ANY_PUBLIC.test(path);
}

/**
 * Requests served with or without credentials (docs/api/applications.md, "Serving web applications"):
 * the web applications at `/apps/…`, which a browser loads without any. Valid credentials act as
 * their principal; missing or failing ones are served as an anonymous visitor.
 */
const CREDENTIALS_OPTIONAL = [
  /^\/apps(\/|$)/,
];

export function isCredentialsOptionalPath(path: string): boolean {
  for (const pattern of CREDENTIALS_OPTIONAL) if (pattern.test(path)) return true;
  return false;
}
