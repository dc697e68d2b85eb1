import { mediaType } from '@berth/http';
import type { Json } from './json';

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
/** A query parameter's schema where an empty value counts as left out (libs/paging). */
const orEmpty = (schema: Json) => ({ anyOf: [schema, { type: 'string', maxLength: 0 }] });
const POSITIVE = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const retryAfter = { description: 'Seconds to wait before retrying', schema: { type: 'integer' } };

/** The error statuses every operation may answer, each a shared response; `default` covers the rest (400, 405, 406, 409, 413, 415, 500). */
export const ERROR_RESPONSES: Record<string, string> = {
  401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 422: 'UnprocessableEntity', 429: 'TooManyRequests', 503: 'ServiceUnavailable', default: 'Error',
};

/** The paging query parameters libs/paging reads (docs/api/conventions.md). */
export const PAGING_PARAMETERS = ['pageSize', 'currentPage', 'withTotalPages'];

/** The security requirement of an authenticated operation: any one of the schemes (cookie and XSRF header together). */
export const AUTHENTICATED = [{ basicAuth: [] }, { bearerAuth: [] }, { cookieAuth: [], xsrfToken: [] }];

export const errorRef = () => ref('schemas', 'Error');
export const responseRef = (name: string) => ref('responses', name);
export const parameterRef = (name: string) => ref('parameters', name);

/**
 * The components every document shares, described once: the error resource and the standard
 * error responses (in the error media type of `brand`), the paging parameters and statistics,
 * and the security schemes the gateway accepts (docs/api/tenants-users-auth.md).
 */
export function sharedComponents(brand: string): Json {
  const error = (description: string, headers?: Json) => ({
    description, ...(headers ? { headers } : {}), content: { [mediaType(brand, 'error')]: { schema: errorRef() } },
  });
  return {
    schemas: {
      Error: {
        type: 'object', required: ['error', 'message', 'info'],
        properties: {
          error: { type: 'string', description: '`<resource>/<kind>`, e.g. `applications/Duplicate`' },
          message: { type: 'string' }, info: { type: 'string', description: 'Link to the documentation of the error' },
          details: { type: 'object', description: 'Present when debug errors are on' },
        },
      },
      PageStatistics: {
        type: 'object', required: ['pageSize', 'currentPage'],
        properties: { pageSize: { type: 'integer' }, currentPage: { type: 'integer' }, totalPages: { type: ['integer', 'null'] } },
      },
    },
    responses: {
      Unauthorized: error('No valid credentials', { 'WWW-Authenticate': { description: 'The scheme to authenticate with', schema: { type: 'string' } } }),
      Forbidden: error('The caller may not do this'),
      NotFound: error('No such resource'),
      UnprocessableEntity: error('The request is well-formed but invalid'),
      TooManyRequests: error('The tenant\'s request rate is exceeded', { 'Retry-After': retryAfter }),
      ServiceUnavailable: error('A dependency is unavailable, retry later', { 'Retry-After': retryAfter }),
      Error: error('Any other error, as the error resource'),
    },
    parameters: {
      pageSize: { name: 'pageSize', in: 'query', description: 'Items per page (default 5; more than 2000 is cut to 2000; empty is the default)', schema: orEmpty(POSITIVE) },
      currentPage: { name: 'currentPage', in: 'query', description: 'The page, from 1 (empty is the default)', schema: orEmpty(POSITIVE) },
      withTotalPages: { name: 'withTotalPages', in: 'query', description: 'Include `statistics.totalPages` (empty is the default, false)', schema: orEmpty({ type: 'boolean' }) },
    },
    securitySchemes: {
      basicAuth: { type: 'http', scheme: 'basic', description: '`tenant/user:password`, or `user:password` with the tenant from the host name' },
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token the platform issued, or an RS256 JWT signed with a key of the tenant' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'authorization', description: 'The OAI-Secure session cookie (with X-XSRF-TOKEN)' },
      xsrfToken: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: 'The XSRF token of an OAI-Secure session' },
    },
  };
}

/** A collection resource's schema: `self`, `next`/`prev` links, `statistics` and its items under `items`. */
export function collectionSchema(items: string, item: Json): Json {
  return {
    type: 'object', required: ['self', items],
    properties: {
      self: { type: 'string' }, next: { type: 'string' }, prev: { type: 'string' },
      statistics: ref('schemas', 'PageStatistics'), [items]: { type: 'array', items: item },
    },
  };
}
