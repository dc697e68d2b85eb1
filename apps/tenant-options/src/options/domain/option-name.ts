import { textLength } from '@berth/http';
import { invalidOption } from './option-errors';

/** Option categories and keys: letters, digits, `.`, `-` and `_`, starting with a letter or digit. */
export const OPTION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_CATEGORY_LENGTH = 64;
export const MAX_KEY_LENGTH = 128;
export const MAX_VALUE_LENGTH = 16_384;

/** @throws DomainError 422 unless `category` follows the documented character set and length. */
export function checkCategory(category: unknown): asserts category is string {
  if (typeof category !== 'string' || category.length > MAX_CATEGORY_LENGTH || !OPTION_NAME.test(category)) {
    throw invalidOption('category', `must be 1-${MAX_CATEGORY_LENGTH} letters, digits, '.', '-' or '_', starting with a letter or digit`);
  }
}

/** @throws DomainError 422 unless `key` follows the documented character set and length. */
export function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !OPTION_NAME.test(key)) {
    throw invalidOption('key', `must be 1-${MAX_KEY_LENGTH} letters, digits, '.', '-' or '_', starting with a letter or digit`);
  }
}

/** @throws DomainError 422 naming `key` unless the value is a string of at most the maximum length. */
export function checkValue(key: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw invalidOption(key, 'value must be a string');
  if (textLength(value) > MAX_VALUE_LENGTH) throw invalidOption(key, `value must have at most ${MAX_VALUE_LENGTH} characters`);
}
