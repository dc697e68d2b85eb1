import { decodedSegment } from '@berth/http';

/**
 * The id a reference body names (`{id}`, `{self}` or both, as the real platform's clients send
 * it): `id` when it is a string, else the last path segment of `self`, percent-decoded where it
 * decodes. Undefined when neither is a string.
 */
export function referenceId(ref: unknown): string | undefined {
  const r = ref as { id?: unknown; self?: unknown } | undefined;
  if (typeof r?.id === 'string') return r.id;
  return typeof r?.self === 'string' ? decodedSegment(r.self.split('/').pop() ?? '') : undefined;
}
