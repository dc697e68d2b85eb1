import { applyDecorators } from '@nestjs/common';
import type { Json } from './json';
import { swagger } from './swagger';

export const ROUTE_EXTENSION = 'x-berth-route';

/** What a route answers and takes, in the terms the document builder expands (see `describeOperation`). */
export interface RouteDoc {
  /** The success status, or the statuses (each with the same answer); 200 unless said. */
  status?: number | number[];
  /**
   * The answer's resource: a vendor media type name (`application` → `application/vnd.com.nsn.<brand>.application+json;…`,
   * schema component `application`), `<type>:<schema>` for another schema component (`json:<schema>` for `application/json`, `form:<schema>` for a form),
   * or a literal media type with a `/` (e.g. a binary), `<media type>:<schema>` to give it a schema component (e.g. a multipart form's parts).
   * None: an answer without a body.
   */
  returns?: string;
  /** The request body's resource, in the same terms; sent as the vendor type or as `application/json`. */
  accepts?: string;
  /** Further query parameters it reads (strings unless `params` says otherwise), e.g. filters. */
  query?: string[];
  /**
   * The schema of a path or query parameter by its name, where it is narrower than any string (a
   * pattern, an enum, a date): what the route refuses with 4xx must fall outside it, what it accepts inside.
   */
  params?: Record<string, Json>;
  /** The collection takes the paging parameters. */
  paged?: boolean;
  /** The gateway forwards it without authentication. */
  public?: boolean;
}

/** Documents a public route in one line: summary, answer, body, query, paging; the standard error responses and security come with it. */
export const ApiRoute = (summary: string, doc: RouteDoc = {}) => applyDecorators(swagger().ApiOperation({ summary }), swagger().ApiExtension(ROUTE_EXTENSION, doc));
