import { invalidOption } from '../option-errors';

export const ACCESS_CONTROL_CATEGORY = 'access.control';
export const ALLOW_ORIGIN_KEY = 'allow.origin';

/**
 * `access.control/allow.origin`, the tenant's CORS origins: `*`, or a comma-separated list of
 * origins `scheme://host[:port]` (http or https, no path, query or trailing slash).
 * @throws DomainError 422 naming the key.
 */
export function checkAllowOrigin(key: string, value: string): void {
  if (value.trim() === '*') return;
  const origins = value.split(',').map((o) => o.trim());
  for (const origin of origins) {
    if (!isOrigin(origin)) throw invalidOption(key, `"${origin}" is not an origin scheme://host[:port]; use * or a comma-separated list of origins`);
  }
}

function isOrigin(text: string): boolean {
  if (!/^https?:\/\/[^/?#@\s,]+$/i.test(text)) return false;
  try {
    return new URL(text).hostname.length > 0;
  } catch {
    return false;
  }
}
