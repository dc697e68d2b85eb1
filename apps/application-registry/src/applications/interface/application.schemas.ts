import { collectionSchema, Json } from '@berth/openapi';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };

/** The registry's resources in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const APPLICATION_SCHEMAS: Json = {
  application: {
    type: 'object', required: ['id', 'self', 'name', 'key', 'type'],
    properties: {
      id: str, self: str, name: str, key: str, contextPath: str, description: str,
      type: { type: 'string', description: 'EXTERNAL, HOSTED, MICROSERVICE, …' },
      availability: { type: 'string', description: 'MARKET, PRIVATE or SHARED' },
      owner: { type: 'object', properties: { self: str, tenant: { type: 'object', properties: { id: str } } } },
      manifest: { type: 'object' }, requiredRoles: { type: 'array', items: str }, roles: { type: 'array', items: str },
      activeVersionId: str, applicationVersions: { type: 'array', items: ref('applicationVersion') },
    },
  },
  applicationRequest: { type: 'object', description: 'The fields to set (POST: name, key and type at least); read-only fields are refused', properties: { name: str, key: str, type: str, contextPath: str, description: str, availability: str, externalUrl: str } },
  applicationCollection: collectionSchema('applications', ref('application')),
  applicationApi: {
    type: 'object', required: ['self'],
    properties: { self: str, applicationById: str, applicationsByName: str, applicationsByTenant: str, applicationsByOwner: str, applicationsByUser: str, applications: { type: 'object' } },
  },
  applicationVersion: { type: 'object', properties: { version: str, binaryId: str, tags: { type: 'array', items: str }, created: str } },
  versionTags: { type: 'object', required: ['tags'], properties: { tags: { type: 'array', items: str } } },
  applicationVersionCollection: { type: 'object', required: ['applicationVersions'], properties: { self: str, applicationVersions: { type: 'array', items: ref('applicationVersion') } } },
  applicationSettings: { type: 'object', additionalProperties: str, description: 'The current application\'s settings by key' },
  bootstrapUser: { type: 'object', required: ['tenant', 'name', 'password'], properties: { tenant: str, name: str, password: str } },
};
