import { invalidOption } from './option-errors';

/** Letters, digits, `.`, `-` and `_`, starting with a letter or digit. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_CATEGORY_LENGTH = 64;
export const MAX_KEY_LENGTH = 128;
export const MAX_VALUE_LENGTH = 16_384;

/** @throws DomainError 422 unless `category` follows the documented character set and length. */
export function checkCategory(category: unknown): asserts category is string {
  if (typeof category !== 'string' || category.length > MAX_CATEGORY_LENGTH || !NAME.test(category)) {
    throw invalidOption('category', `must be 1-${MAX_CATEGORY_LENGTH} letters, digits, '.', '-' or '_', starting with a letter or digit`);
  }
}

/** @throws DomainError 422 unless `key` follows the documented character set and length. */
export function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !NAME.test(key)) {
    throw invalidOption('key', `must be 1-${MAX_KEY_LENGTH} letters, digits, '.', '-' or '_', starting with a letter or digit`);
  }
}

/** @throws DomainError 422 naming `key` unless the value is a string of at most the maximum length. */
export function checkValue(key: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw invalidOption(key, 'value must be a string');
  if (value.length > MAX_VALUE_LENGTH) throw invalidOption(key, `value must have at most ${MAX_VALUE_LENGTH} characters`);
}
