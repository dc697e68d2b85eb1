import { pageOf, pageParams } from '../../paging';

/** The applications list's filters, kept in the page's URL so that a reload or a shared link shows the same list. */
export interface ApplicationFilter { name?: string; type?: string; owner?: string; page: number }

export const APPLICATION_TYPES = ['HOSTED', 'MICROSERVICE', 'EXTERNAL', 'FEATURE', 'APAMA_CEP_RULE'] as const;

export function filterFromQuery(query: URLSearchParams): ApplicationFilter {
  const type = query.get('type') ?? undefined;
  return {
    name: query.get('name') || undefined,
    type: type && (APPLICATION_TYPES as readonly string[]).includes(type) ? type : undefined,
    owner: query.get('owner') || undefined,
    page: pageOf(query),
  };
}

/** The query parameters of `GET /application/applications` for a filter (docs/api/applications.md). */
export function listParams(filter: ApplicationFilter): Record<string, string | number | boolean> {
  return {
    ...pageParams(filter.page),
    ...(filter.name ? { name: filter.name } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.owner ? { owner: filter.owner } : {}),
  };
}
