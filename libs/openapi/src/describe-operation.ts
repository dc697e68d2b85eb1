import { mediaType } from '@berth/http';
import { AUTHENTICATED, ERROR_RESPONSES, PAGING_PARAMETERS, parameterRef, responseRef } from './components';
import type { RouteDoc } from './api-route.decorator';
import type { Json } from './json';

const DESCRIPTION: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 302: 'Found: a redirect' };
/** Schemas of literal media types, by their top-level type: text, a multipart form with a `file` part, anything else (a binary). */
const LITERAL_SCHEMAS: Json = {
  text: { type: 'string' },
  multipart: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
};
const PLAIN_TYPES: Record<string, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded' };
/** Headers the gateway and HTTP itself deal with: not operation parameters. */
const TRANSPORT_HEADERS = new Set(['accept', 'authorization', 'cookie', 'content-type', 'host']);

/**
 * The media type and schema a `RouteDoc` resource stands for: `<type>` or `<type>:<schema>` (the
 * vendor media type of `type`, or `json`/`form` for `application/json`/`application/x-www-form-urlencoded`; schema component `schema`, default
 * `type`), or a literal media type (with a `/`), with its schema component after a `:` when the generic one does not fit.
 * @throws Error naming the schema when the app does not define it (a typo must not document a plain object).
 */
export function resourceContent(brand: string, resource: string, schemas: Json): Json {
  if (resource.includes('/')) {
    const [literal, schema] = resource.split(':');
    return { [literal]: { schema: schema ? schemaFor(schema, schemas) : LITERAL_SCHEMAS[literal.split('/')[0]] ?? {} } };
  }
  const [type, schema = type] = resource.split(':');
  return { [PLAIN_TYPES[type] ?? mediaType(brand, type)]: { schema: schemaFor(schema, schemas) } };
}

function schemaFor(name: string, schemas: Json): Json {
  if (!(name in schemas)) throw new Error(`The OpenAPI schema ${name} is not defined`);
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * Rewrites an operation `@nestjs/swagger` generated from a controller with the facts of its
 * `@ApiRoute`: the success response in its media type, the standard error responses, the
 * paging parameters, the narrower schemas of `params`, the request body in the vendor type and `application/json`, and security.
 */
export function describeOperation(operation: Json, doc: RouteDoc, brand: string, schemas: Json): Json {
  const responses: Json = {};
  for (const status of [doc.status ?? 200].flat()) {
    const success: Json = { description: DESCRIPTION[status] ?? 'OK' };
    if (doc.returns && status !== 204 && (status < 300 || status >= 400)) success.content = resourceContent(brand, doc.returns, schemas);
    if (status === 201 || (status >= 300 && status < 400)) success.headers = { Location: { description: status === 201 ? 'The created resource' : 'Where to go next', schema: { type: 'string' } } };
    responses[status] = success;
  }
  for (const [code, name] of Object.entries(ERROR_RESPONSES)) responses[code] = { $ref: responseRef(name).$ref };
  const parameters = (operation.parameters ?? [])
    .filter((p: Json) => !(p.in === 'header' && TRANSPORT_HEADERS.has(String(p.name).toLowerCase())))
    .filter((p: Json) => !(p.in === 'query' && PAGING_PARAMETERS.includes(p.name)))
    .map((p: Json) => (p.in === 'query' && p.required ? { ...p, required: false } : p));
  for (const name of doc.query ?? []) {
    if (!parameters.some((p: Json) => p.in === 'query' && p.name === name)) parameters.push({ name, in: 'query', required: false, schema: { type: 'string' } });
  }
  const narrowed = parameters.map((p: Json) => (doc.params?.[p.name] && (p.in === 'path' || p.in === 'query') ? { ...p, schema: doc.params[p.name] } : p));
  for (const name of Object.keys(doc.params ?? {})) {
    if (!narrowed.some((p: Json) => p.name === name)) throw new Error(`@ApiRoute params names ${name}, which is neither a path nor a query parameter of the route`);
  }
  if (doc.paged) narrowed.push(...PAGING_PARAMETERS.map(parameterRef));
  const described: Json = { ...operation, parameters: narrowed, responses, security: doc.public ? [] : AUTHENTICATED };
  delete described.requestBody;
  if (doc.accepts) {
    const content = resourceContent(brand, doc.accepts, schemas);
    const schema = Object.values<Json>(content)[0].schema;
    described.requestBody = { required: true, content: doc.accepts.includes('/') || doc.accepts.startsWith('form:') ? content : { ...content, 'application/json': { schema } } };
  }
  return described;
}
