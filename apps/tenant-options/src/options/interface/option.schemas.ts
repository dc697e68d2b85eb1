import { collectionSchema, Json } from '@berth/openapi';

const str = { type: 'string' };

/** Tenant and system options in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const OPTION_SCHEMAS: Json = {
  option: {
    type: 'object', required: ['self', 'category', 'key'],
    properties: { self: str, category: str, key: str, value: { type: 'string', description: 'Absent for a secret the caller may not read' } },
  },
  optionCollection: collectionSchema('options', { $ref: '#/components/schemas/option' }),
  optionRequest: { type: 'object', required: ['category', 'key', 'value'], properties: { category: str, key: str, value: str } },
  optionValue: { type: 'object', required: ['value'], properties: { value: str } },
  optionEditable: { type: 'object', required: ['editable'], properties: { editable: { type: 'string', enum: ['true', 'false'] } } },
  optionCategory: { type: 'object', additionalProperties: str, description: 'A category\'s options, key to value' },
};
