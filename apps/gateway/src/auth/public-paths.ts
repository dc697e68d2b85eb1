/**
 * Requests the gateway forwards without authentication (DESIGN.md section 5): a hosted
 * microservice's health, the login options and the OAuth endpoints; and the gateway's own `/health`.
 */
const PUBLIC = [
  /^\/health$/,
  /^\/service\/[^/]+\/health\/?$/,
  /^\/tenant\/loginOptions\/?$/,
  /^\/tenant\/oauth(\/token)?\/?$/,
];

export function isPublicPath(path: string): boolean {
  for (const pattern of PUBLIC) if (pattern.test(path)) return true;
  return false;
}
