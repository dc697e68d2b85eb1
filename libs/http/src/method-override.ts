import { DomainError } from './domain-error';

/** Methods a POST may stand in for, named by its `X-HTTP-METHOD` header, for clients that can only send GET and POST (docs/api/conventions.md). */
const OVERRIDABLE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * The method a request means: a client that can only issue GET and POST sends POST with
 * `X-HTTP-METHOD` naming the real one (case-insensitive). The header is ignored on other methods.
 * @throws DomainError 422 when a POST names a method it cannot stand in for.
 */
export function effectiveMethod(method: string, override: string | string[] | undefined): string {
  if (method !== 'POST' || override === undefined) return method;
  const wanted = (Array.isArray(override) ? override[0] : override).trim().toUpperCase();
  if (!OVERRIDABLE.has(wanted)) {
    throw new DomainError('general', 'Unprocessable Entity', `X-HTTP-METHOD must be one of ${[...OVERRIDABLE].join(', ')}, not "${wanted}"`);
  }
  return wanted;
}
