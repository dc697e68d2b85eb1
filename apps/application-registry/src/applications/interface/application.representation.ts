import { DomainError } from '@berth/http';
import { parsePageQuery, PageQuery, QueryParams } from '@berth/paging';
import { ApplicationDocument, HIDDEN_FIELDS } from '../domain/application';
import { ApplicationVersion, versionResource } from '../domain/application-version';
import type { ApplicationCriteria } from '../application/queries/list-applications/list-applications.query';

/**
 * The Application resource (docs/api/applications.md): never `resourcesPassword`;
 * a manifest always shows `imports` and `noAppSwitcher`; versions without their stored manifests.
 */
export function applicationResource(app: ApplicationDocument, baseUrl: string): Record<string, unknown> {
  const fields = Object.fromEntries(Object.entries(app).filter(([name]) => !HIDDEN_FIELDS.includes(name)));
  const { name, key, type, availability, ...rest } = fields;
  return {
    id: app._id,
    self: `${baseUrl}/application/applications/${encodeURIComponent(app._id)}`,
    name, key, type, availability,
    owner: { self: `${baseUrl}/tenant/tenants/${encodeURIComponent(app.owner)}`, tenant: { id: app.owner } },
    ...rest,
    ...(isObject(rest.manifest) ? { manifest: { imports: [], noAppSwitcher: app.type === 'MICROSERVICE', ...rest.manifest } } : {}),
    ...(Array.isArray(rest.applicationVersions) ? { applicationVersions: (rest.applicationVersions as ApplicationVersion[]).map(versionResource) } : {}),
    ...(app.type === 'MICROSERVICE' ? { requiredRoles: rest.requiredRoles ?? [], roles: rest.roles ?? [] } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function single(query: QueryParams, name: string): string | undefined {
  const value = query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined || last === '' ? undefined : last;
}

/** A true/false query parameter: either word in any case, or empty (as if left out). */
export const BOOLEAN_PARAM = { type: 'string', pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])?$' };
const booleanWord = new RegExp(BOOLEAN_PARAM.pattern);

/** The true/false query parameter `name`, undefined when absent or empty. @throws DomainError 422 for any other value. */
export function booleanParam(query: QueryParams, name: string): boolean | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (!booleanWord.test(value)) throw new DomainError('applications', 'Unprocessable Entity', `${name} must be true or false, got "${value}"`);
  return value.toLowerCase() === 'true';
}

/**
 * The filters of `/application/applications` (docs/api/applications.md): `type` is a comma list; `hasVersions`
 * true or false (else 422); other parameters are ignored.
 */
export function parseCriteria(query: QueryParams): ApplicationCriteria {
  const criteria: ApplicationCriteria = {};
  for (const name of ['name', 'owner', 'providedFor', 'subscriber', 'tenant', 'user'] as const) {
    const value = single(query, name);
    if (value !== undefined) criteria[name] = value;
  }
  const type = single(query, 'type');
  if (type !== undefined) criteria.type = type.split(',').map((t) => t.trim()).filter(Boolean);
  const hasVersions = booleanParam(query, 'hasVersions');
  if (hasVersions !== undefined) criteria.hasVersions = hasVersions;
  return criteria;
}

/** Paging parameters; `noPaging=true` (the JS client's login) asks for the largest page. */
export function parseApplicationPage(query: QueryParams): PageQuery {
  const noPaging = single(query, 'noPaging')?.toLowerCase() === 'true';
  return parsePageQuery(noPaging && single(query, 'pageSize') === undefined ? { ...query, pageSize: '2000' } : query);
}
