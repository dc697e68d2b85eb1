import { adminRoles } from '@berth/auth';
import { anyCase, DomainError, textLength, WHITESPACE } from '@berth/http';
import { MAX_TEXT_LENGTH } from '../../text-rules';

/** An OAuth2 (authorization code) login option of a tenant, as stored; `_id` is `<tenant>/<id>`. */
export interface LoginOptionRecord {
  _id: string;
  tenant: string;
  id: string;
  type: 'OAUTH2';
  buttonName: string;
  /** OpenID issuer: endpoints not given are read from its discovery document, and ID tokens must name it as `iss`. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksUri?: string;
  clientId: string;
  /** Sealed with the app's SecretBox (context `loginOptionSecretContext`); never answered. */
  clientSecret?: string;
  scopes: string[];
  /** Where the authorization server sends the browser back with `code` and `state` (registered there as the redirect URI). */
  redirectToPlatform: string;
  /** ID token claim holding the user name. */
  userNameClaim: string;
  /** ID token claim holding the user's groups or roles (a string or a list of strings). */
  rolesClaim?: string;
  /** Platform roles granted per value of `rolesClaim`. */
  roleMapping: Record<string, string[]>;
  /** Platform roles every user logging in with this option gets. */
  defaultRoles: string[];
  pkce: boolean;
  visibleOnLoginPage: boolean;
  creationTime: Date;
  lastUpdated: Date;
}

export const loginOptionId = (tenant: string, id: string) => `${tenant}/${id}`;
export const loginOptionSecretContext = (tenant: string, id: string) => `login-option:${tenant}/${id}`;

/** Ids of the built-in entries: they cannot be written. */
export const BUILT_IN_LOGIN_OPTIONS = ['basic', 'oauth-internal'];
export const LOGIN_OPTION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** The grants a login (`POST /tenant/oauth`) takes, in any case. */
export const GRANT_TYPE = new RegExp(anyCase('PASSWORD', 'AUTHORIZATION_CODE'));
/** The built-in entries' ids in any case: a PUT may not name them. */
export const BUILT_IN_LOGIN_OPTION_ID = new RegExp(anyCase(...BUILT_IN_LOGIN_OPTIONS));
/** The one `type` a written login option has, in any case. */
export const LOGIN_OPTION_TYPE = new RegExp(anyCase('OAUTH2'));

/** Port numbers 0-65535. */
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})';
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const IPV4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
/** A host name whose last label starts with a letter (else URLs read it as an IPv4 address), or an IPv4 address. */
const HOST = `(?:(?:${LABEL}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|(?:${IPV4_PART}\\.){3}${IPV4_PART})`;
/** An http(s) URL a login option names: scheme, host, optional port, then a path, query or fragment without white space. */
export const LOGIN_OPTION_URL = new RegExp(`^https?://${HOST}(?::${PORT})?(?:[/?#][^${WHITESPACE}]*)?$`);
/** An OAuth2 scope name (RFC 6749 section 3.3). */
export const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
/** `scopes` as one string: scope names separated by white space. */
export const SCOPE_LIST = new RegExp(`^[${WHITESPACE}\\x21\\x23-\\x5b\\x5d-\\x7e]*$`);

export type LoginOptionFields = Omit<LoginOptionRecord, '_id' | 'tenant' | 'id' | 'clientSecret' | 'creationTime' | 'lastUpdated'> & { clientSecret?: string | null };

const invalid = (message: string) => new DomainError('loginOptions', 'Invalid Data', message);

function url(body: Record<string, unknown>, field: string, required = false): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw invalid(`${field} is required`);
    return undefined;
  }
  if (typeof value !== 'string' || !LOGIN_OPTION_URL.test(value) || !URL.canParse(value)) throw invalid(`${field} must be an http(s) URL`);
  return value;
}

function text(body: Record<string, unknown>, field: string, fallback?: string): string {
  const value = body[field] ?? fallback;
  if (typeof value !== 'string' || value.length === 0 || textLength(value) > MAX_TEXT_LENGTH) throw invalid(`${field} must be a string of 1 to ${MAX_TEXT_LENGTH} characters`);
  return value;
}

function roles(value: unknown, field: string, grantable: Set<string>): string[] {
  if (!Array.isArray(value) || value.some((r) => typeof r !== 'string')) throw invalid(`${field} must be a list of role names`);
  const unknown = value.filter((r) => !grantable.has(r));
  if (unknown.length) throw invalid(`${field}: ${unknown.join(', ')} cannot be granted in this tenant`);
  return [...new Set(value as string[])];
}

/**
 * The fields of an OAuth2 login option from a PUT body. Either `issuer` (OpenID discovery) or
 * all of `authorizationEndpoint`, `tokenEndpoint` and `jwksUri`. Roles must be catalogue roles
 * the tenant may grant. `clientSecret`: a string sets it, `null` removes it, absent keeps it.
 * @throws 422 `loginOptions/Invalid Data` naming the first bad field.
 */
export function parseLoginOption(body: unknown, isManagementTenant: boolean, defaultRedirect: string): LoginOptionFields {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('The body must be a login option object');
  const b = body as Record<string, unknown>;
  if (b.type !== undefined && (typeof b.type !== 'string' || !LOGIN_OPTION_TYPE.test(b.type))) throw invalid('type must be OAUTH2 (basic and OAUTH2_INTERNAL are built in)');
  const grantable = new Set(adminRoles(isManagementTenant));
  const issuer = url(b, 'issuer');
  const endpoints = { authorizationEndpoint: url(b, 'authorizationEndpoint'), tokenEndpoint: url(b, 'tokenEndpoint'), jwksUri: url(b, 'jwksUri') };
  if (!issuer && Object.values(endpoints).some((e) => !e)) throw invalid('issuer, or all of authorizationEndpoint, tokenEndpoint and jwksUri, are required');
  const scopes = b.scopes === undefined ? ['openid'] : typeof b.scopes === 'string' && SCOPE_LIST.test(b.scopes) ? b.scopes.split(/\s+/).filter(Boolean) : b.scopes;
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string' || !SCOPE.test(s))) throw invalid('scopes must be a list of scope names');
  if (!scopes.includes('openid')) scopes.unshift('openid');
  const mapping = b.roleMapping ?? {};
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw invalid('roleMapping must map claim values to lists of roles');
  const roleMapping = Object.fromEntries(Object.entries(mapping).map(([value, list]) => [value, roles(list, `roleMapping.${value}`, grantable)]));
  const secret = b.clientSecret;
  if (secret !== undefined && secret !== null && (typeof secret !== 'string' || !secret)) throw invalid('clientSecret must be a non-empty string, or null to remove it');
  for (const flag of ['pkce', 'visibleOnLoginPage']) if (b[flag] !== undefined && typeof b[flag] !== 'boolean') throw invalid(`${flag} must be true or false`);
  return {
    type: 'OAUTH2', buttonName: text(b, 'buttonName', 'Log in with single sign-on'), issuer, ...endpoints,
    clientId: text(b, 'clientId'), clientSecret: secret as string | null | undefined, scopes: scopes as string[],
    redirectToPlatform: url(b, 'redirectToPlatform') ?? defaultRedirect,
    userNameClaim: text(b, 'userNameClaim', 'preferred_username'),
    rolesClaim: b.rolesClaim === undefined || b.rolesClaim === null ? undefined : text(b, 'rolesClaim'),
    roleMapping, defaultRoles: b.defaultRoles === undefined ? [] : roles(b.defaultRoles, 'defaultRoles', grantable),
    pkce: (b.pkce as boolean | undefined) ?? true, visibleOnLoginPage: (b.visibleOnLoginPage as boolean | undefined) ?? true,
  };
}
