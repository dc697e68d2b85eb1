import { mediaType } from '@berth/http';
import { AUTHENTICATED, ERROR_RESPONSES, PAGING_PARAMETERS, parameterRef, responseRef } from './components';
import type { RouteDoc } from './api-route.decorator';
import type { Json } from './json';

const DESCRIPTION: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };
/** Headers the gateway and HTTP itself deal with: not operation parameters. */
const TRANSPORT_HEADERS = new Set(['accept', 'authorization', 'cookie', 'content-type', 'host']);

/** The media type and schema a `RouteDoc` resource name stands for; unknown vendor types get a plain object. */
export function resourceContent(brand: string, resource: string, schemas: Json): Json {
  if (resource.startsWith('json:')) return { 'application/json': { schema: schemaFor(resource.slice(5), schemas) } };
  if (resource.includes('/')) return { [resource]: { schema: resource.startsWith('text/') ? { type: 'string' } : {} } };
  return { [mediaType(brand, resource)]: { schema: schemaFor(resource, schemas) } };
}

function schemaFor(name: string, schemas: Json): Json {
  return name in schemas ? { $ref: `#/components/schemas/${name}` } : { type: 'object' };
}

/**
 * Rewrites an operation `@nestjs/swagger` generated from a controller with the facts of its
 * `@ApiRoute`: the success response in its media type, the standard error responses, the
 * paging parameters, the request body in the vendor type and `application/json`, and security.
 */
export function describeOperation(operation: Json, doc: RouteDoc, brand: string, schemas: Json): Json {
  const status = doc.status ?? 200;
  const success: Json = { description: DESCRIPTION[status] ?? 'OK' };
  if (doc.returns) success.content = resourceContent(brand, doc.returns, schemas);
  if (status === 201) success.headers = { Location: { description: 'The created resource', schema: { type: 'string' } } };
  const responses: Json = { [status]: success };
  for (const [code, name] of Object.entries(ERROR_RESPONSES)) responses[code] = { $ref: responseRef(name).$ref };
  const parameters = (operation.parameters ?? [])
    .filter((p: Json) => !(p.in === 'header' && TRANSPORT_HEADERS.has(String(p.name).toLowerCase())))
    .filter((p: Json) => !(p.in === 'query' && PAGING_PARAMETERS.includes(p.name)))
    .map((p: Json) => (p.in === 'query' && p.required ? { ...p, required: false } : p));
  if (doc.paged) parameters.push(...PAGING_PARAMETERS.map(parameterRef));
  const described: Json = { ...operation, parameters, responses, security: doc.public ? [] : AUTHENTICATED };
  delete described.requestBody;
  if (doc.accepts) {
    const content = resourceContent(brand, doc.accepts, schemas);
    const schema = Object.values(content)[0].schema;
    described.requestBody = { required: true, content: { ...content, 'application/json': { schema } } };
  }
  return described;
}
