import { describeOperation, Json, RouteDoc, sharedComponents } from '@berth/openapi';
import { MAX_DAYS } from '../usage/usage-range';

const SCHEMAS: Json = {
  OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string' } } },
  platformApi: {
    type: 'object', required: ['self'],
    properties: { self: { type: 'string' } },
    additionalProperties: { type: 'object', description: 'One API resource per interface: `self`, its collection and URI templates' },
  },
  applicationUsage: {
    type: 'object', required: ['self', 'dateFrom', 'dateTo', 'days'],
    properties: {
      self: { type: 'string' }, dateFrom: { type: 'string', format: 'date' }, dateTo: { type: 'string', format: 'date' },
      days: {
        type: 'array',
        items: {
          type: 'object', required: ['day', 'applications', 'deviceRequests', 'totalRequests'],
          properties: {
            day: { type: 'string', format: 'date' }, deviceRequests: { type: 'integer' }, totalRequests: { type: 'integer' },
            applications: { type: 'array', items: { type: 'object', properties: { applicationKey: { type: 'string' }, requests: { type: 'integer' } } } },
          },
        },
      },
    },
  },
};

/** A day `YYYY-MM-DD`; empty stands for the default, as if left out (usage-range.ts). */
const dayQuery = (name: string, description: string) => ({
  name, in: 'query', description: `${description}; the range spans at most ${MAX_DAYS} days`, schema: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', maxLength: 0 }] },
});
const pathParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const SERVICE_PARAMS = [pathParam('name', 'The microservice\'s name'), pathParam('path', 'The rest of the path (may contain `/`), forwarded as it is')];

/** The operations the gateway answers itself (its own resources), in the form the apps' documents have. */
export function gatewayDocument(brand: string): Json {
  const op = (operationId: string, summary: string, doc: RouteDoc, parameters: Json[] = []) =>
    describeOperation({ operationId, summary, tags: ['Gateway'], parameters }, doc, brand, SCHEMAS);
  const service = (method: string) => op(`Service_${method}`, 'Forwarded to a hosted microservice, answered as it answers', { returns: '*/*' }, SERVICE_PARAMS);
  const shared = sharedComponents(brand);
  return {
    paths: {
      '/platform': { get: op('Platform_get', 'The Platform resource: every interface and its URI templates', { returns: 'platformApi' }) },
      '/tenant/statistics/applicationUsage': {
        get: op('ApplicationUsage_get', 'Requests per application key and device requests per day (management tenant)', { returns: 'applicationUsage' },
          [dayQuery('dateFrom', 'First day (UTC), by default dateTo'), dayQuery('dateTo', 'Last day (UTC), by default today')]),
      },
      '/service/{name}/{path}': { get: service('get'), post: service('post'), put: service('put'), delete: service('delete') },
      '/openapi.json': { get: op('OpenApi_get', 'This document', { returns: 'json:OpenApiDocument', public: true }) },
      '/api-docs': { get: op('ApiDocs_get', 'The API reference page', { returns: 'text/html', public: true }) },
      '/docs/errors': { get: op('Errors_get', 'The errors page every error resource\'s `info` links to', { returns: 'text/html', public: true }) },
    },
    components: { ...shared, schemas: { ...shared.schemas, ...SCHEMAS } },
  };
}
