import { collectionSchema, Json } from '@berth/openapi';

const str = { type: 'string' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Subscriptions in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const SUBSCRIPTION_SCHEMAS: Json = {
  applicationReference: {
    type: 'object', required: ['self', 'application'],
    properties: {
      self: str,
      application: {
        type: 'object', required: ['id', 'self'],
        properties: { id: str, self: str, name: str, key: str, type: str, availability: str, owner: { type: 'object' }, requiredRoles: { type: 'array', items: str }, manifest: { type: 'object' } },
      },
    },
  },
  applicationReferenceCollection: collectionSchema('references', ref('applicationReference')),
  subscribeRequest: { type: 'object', required: ['application'], properties: { application: { type: 'object', properties: { id: str, self: str } } } },
  applicationUserCollection: {
    type: 'object', required: ['self', 'users'],
    properties: { self: str, statistics: ref('PageStatistics'), users: { type: 'array', items: { type: 'object', properties: { tenant: str, name: str, password: str } } } },
  },
};
