import { FIELD_NAME_PATTERN, NOT_BLANK } from '@berth/http';
import { collectionSchema, Json } from '@berth/openapi';
import { AVAILABILITIES, CREATABLE_TYPES } from '../domain/application';
import { STORABLE_KEY, STRING_FIELDS, TYPE_FIELDS } from '../domain/application-rules';
import { TAG_PATTERN, VERSION_PATTERN } from '../domain/application-version';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const roleNames = { type: ['array', 'null'], items: str };
/** The field names libs/http `partialUpdate` takes: any other name is refused with 422. */
const FIELD_NAMES = { pattern: FIELD_NAME_PATTERN };
/** Sent on PUT only with the current value (immutable fields, sub-resources with their own URI); any change is refused. */
const UNCHANGEABLE = { not: {}, description: 'Cannot be changed here: only its current value may be sent back' };
const SCALAR = { type: ['string', 'number', 'boolean', 'null'] };
/** A client's own field (checkStorable): objects with storable keys, no list directly in a list. */
const customValue = { anyOf: [SCALAR, { type: 'array', items: ref('applicationCustomItem') }, ref('applicationCustomObject')] };
/** The string fields, non-blank; `null` leaves them out (POST) or removes them (PUT). */
const stringFields = (nullable: boolean) => Object.fromEntries(STRING_FIELDS.map((f) => [f, { type: nullable ? ['string', 'null'] : 'string', pattern: NOT_BLANK }]));
/** Fields a type needs (checkApplication): present as strings on POST. */
const needs = (type: string) => ({
  if: { required: ['type'], properties: { type: { const: type } } },
  then: { required: [...TYPE_FIELDS[type]], properties: Object.fromEntries(TYPE_FIELDS[type].map((f) => [f, str])) },
});

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
  applicationCustomValue: customValue,
  applicationCustomItem: { anyOf: [SCALAR, ref('applicationCustomObject')] },
  applicationCustomObject: { type: 'object', propertyNames: { pattern: STORABLE_KEY }, additionalProperties: ref('applicationCustomValue') },
  applicationCreate: {
    type: 'object', required: ['name', 'key', 'type'], propertyNames: FIELD_NAMES, additionalProperties: ref('applicationCustomValue'),
    description: 'A new application: name, key and type at least; HOSTED needs contextPath and resourcesUrl, EXTERNAL externalUrl. Read-only fields are ignored, further fields kept',
    properties: {
      ...stringFields(true), name: { type: 'string', pattern: NOT_BLANK }, key: { type: 'string', pattern: NOT_BLANK },
      type: { enum: [...CREATABLE_TYPES] }, availability: { enum: [...AVAILABILITIES, null] }, requiredRoles: roleNames, roles: roleNames,
    },
    allOf: Object.keys(TYPE_FIELDS).map(needs),
  },
  applicationUpdate: {
    type: 'object', propertyNames: FIELD_NAMES, additionalProperties: ref('applicationCustomValue'),
    description: 'The fields to change (a partial update): `null` removes one; read-only fields are ignored, further fields kept',
    properties: {
      ...stringFields(true), name: { type: 'string', pattern: NOT_BLANK }, key: { type: 'string', pattern: NOT_BLANK },
      availability: { enum: [...AVAILABILITIES] }, requiredRoles: roleNames, roles: roleNames,
      type: UNCHANGEABLE, applicationVersions: UNCHANGEABLE, binaries: UNCHANGEABLE, versions: UNCHANGEABLE,
    },
  },
  applicationCollection: collectionSchema('applications', ref('application')),
  applicationApi: {
    type: 'object', required: ['self'],
    properties: { self: str, applicationById: str, applicationsByName: str, applicationsByTenant: str, applicationsByOwner: str, applicationsByUser: str, applications: { type: 'object' } },
  },
  applicationVersion: { type: 'object', properties: { version: str, binaryId: str, tags: { type: 'array', items: str }, created: str } },
  versionTags: { type: 'object', required: ['tags'], properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: TAG_PATTERN } } } },
  applicationVersionCollection: { type: 'object', required: ['applicationVersions'], properties: { self: str, applicationVersions: { type: 'array', items: ref('applicationVersion') } } },
  applicationBinaries: {
    type: 'object', required: ['attachments'],
    properties: {
      attachments: {
        type: 'array',
        items: {
          type: 'object', required: ['id', 'name', 'version', 'length', 'downloadUrl'],
          properties: { id: str, name: str, version: str, length: { type: 'integer' }, contentType: str, created: str, downloadUrl: str, contextPath: str },
        },
      },
    },
  },
  versionUpload: {
    type: 'object', required: ['applicationBinary'],
    description: 'The ZIP in `applicationBinary` (or `file`); `applicationVersion` names the version (else the manifest does) and gives its tags',
    properties: {
      applicationBinary: { type: 'string', contentMediaType: 'application/zip' },
      applicationVersion: {
        type: 'object', contentMediaType: 'application/json',
        properties: { version: { type: ['string', 'null'], pattern: `^$|${VERSION_PATTERN}`, description: 'empty or null: the manifest\'s version' }, tags: { type: ['array', 'null'], uniqueItems: true, items: { type: 'string', pattern: TAG_PATTERN } } },
      },
    },
  },
  applicationSettings: { type: 'object', additionalProperties: str, description: 'The current application\'s settings by key' },
  bootstrapUser: { type: 'object', required: ['tenant', 'name', 'password'], properties: { tenant: str, name: str, password: str } },
};
