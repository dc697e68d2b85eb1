import { collectionSchema, Json } from '@berth/openapi';
import { EDITABLE_FLAGS, TENANT_ID } from '../application/commands/set-option-editable/set-option-editable.handler';
import { MAX_CATEGORY_LENGTH, MAX_KEY_LENGTH, MAX_VALUE_LENGTH, OPTION_NAME } from '../domain/option-name';
import { EVALUATIONS } from '../domain/option-view';

const str = { type: 'string' };
const NAME_RULE = 'letters, digits, `.`, `-` and `_`, starting with a letter or digit';

/** An option category, as a body field or a path parameter. */
export const CATEGORY_SCHEMA: Json = { type: 'string', pattern: OPTION_NAME.source, maxLength: MAX_CATEGORY_LENGTH, description: `1-${MAX_CATEGORY_LENGTH} ${NAME_RULE}` };
/** An option key, as a body field or a path parameter. */
export const KEY_SCHEMA: Json = { type: 'string', pattern: OPTION_NAME.source, maxLength: MAX_KEY_LENGTH, description: `1-${MAX_KEY_LENGTH} ${NAME_RULE}` };
/** The tenant whose option is locked. */
export const TENANT_ID_SCHEMA: Json = { type: 'string', pattern: TENANT_ID.source };
/** `?evaluate=` of a single option. */
export const EVALUATE_SCHEMA: Json = { type: 'string', enum: ['', ...EVALUATIONS], description: '`inherited`: the system option where the tenant has none' };

const value = {
  type: 'string', maxLength: MAX_VALUE_LENGTH,
  description: 'Categories other apps read have rules of their own: `token.publicKey` (PEM RSA public keys), `messaging` (SMS provider keys), `access.control/allow.origin` (origins), `microservice.runtime` (replicas, cpu, memory)',
};

/** Tenant and system options in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const OPTION_SCHEMAS: Json = {
  option: {
    type: 'object', required: ['self', 'category', 'key'],
    properties: { self: str, category: str, key: str, value: { type: 'string', description: 'Absent for a secret the caller may not read' } },
  },
  optionCollection: collectionSchema('options', { $ref: '#/components/schemas/option' }),
  optionRequest: { type: 'object', required: ['category', 'key', 'value'], properties: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA, value } },
  optionValue: { type: 'object', required: ['value'], properties: { value }, description: 'A `category` or `key` given too must be the path\'s' },
  optionEditable: { type: 'object', required: ['editable'], properties: { editable: { enum: [...EDITABLE_FLAGS] } } },
  optionCategory: { type: 'object', additionalProperties: str, description: 'A category\'s options, key to value' },
  optionCategoryRequest: {
    type: 'object', minProperties: 1, propertyNames: KEY_SCHEMA, additionalProperties: value, description: 'Options of the category to set, key to value',
  },
};
