import { collectionSchema, Json } from '@berth/openapi';
import { REFERENCE_PATTERNS } from '../domain/subscription-rules';

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
      acceptedRoles: { type: 'array', items: str, description: 'A microservice\'s: the roles the tenant accepted for its service user' },
      pendingRoles: { type: 'array', items: str, description: 'A microservice\'s: its current requiredRoles the tenant has not accepted; subscribing again accepts them' },
    },
  },
  applicationReferenceCollection: collectionSchema('references', ref('applicationReference')),
  subscribeRequest: {
    type: 'object', required: ['application'],
    properties: {
      application: {
        type: 'object', description: 'The application by `id`, or by `self` (its URL); a usable id wins',
        properties: { id: { type: ['string', 'number'] }, self: str },
        anyOf: [
          { required: ['id'], properties: { id: { anyOf: [{ type: 'string', pattern: REFERENCE_PATTERNS.id }, { type: 'number' }] } } },
          { required: ['self'], properties: { self: { type: 'string', pattern: REFERENCE_PATTERNS.self } } },
        ],
      },
    },
  },
  applicationUserCollection: {
    type: 'object', required: ['self', 'users'],
    properties: { self: str, statistics: ref('PageStatistics'), users: { type: 'array', items: { type: 'object', properties: { tenant: str, name: str, password: str } } } },
  },
};
