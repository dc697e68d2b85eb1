import { invalidOption } from '../domain/option-errors';

type Body = Record<string, unknown>;

function object(body: unknown, what: string): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidOption(what, 'the body must be a JSON object');
  return body as Body;
}

/** POST body: a whole option `{category, key, value}`. */
export function optionFromBody(body: unknown): { category: unknown; key: unknown; value: unknown } {
  const { category, key, value } = object(body, 'option');
  return { category, key, value };
}

/**
 * PUT body of one option: `{value}` or the whole option. A category or key in the body must
 * match the path (422 otherwise).
 */
export function valueFromBody(category: string, key: string, body: unknown): unknown {
  const option = object(body, key);
  if (option.category !== undefined && option.category !== category) throw invalidOption('category', 'must match the path');
  if (option.key !== undefined && option.key !== key) throw invalidOption('key', 'must match the path');
  if (!('value' in option)) throw invalidOption(key, 'value is missing');
  return option.value;
}

/** PUT body of a category: a flat key → value map. */
export function valuesFromBody(category: string, body: unknown): Body {
  return object(body, category);
}
