import type { IApplicationVersion } from '@c8y/client';

/** A version as the versions API answers it (docs/api/applications.md#binaries-and-versions). */
export type Version = IApplicationVersion & { created?: string };

/** Versions newest first (by creation time; the platform answers them oldest first). */
export function newestFirst(versions: readonly Version[]): Version[] {
  return [...versions].sort((a, b) => (b.created ?? '').localeCompare(a.created ?? ''));
}

/**
 * The version "Roll back" activates: the version that was active before the current one when the
 * console saw the change (`previous`, its binary id), else the newest version created before the
 * active one. Undefined when there is none.
 */
export function rollbackTarget(versions: readonly Version[], activeVersionId: string | undefined, previous?: string): Version | undefined {
  const remembered = versions.find((v) => v.binaryId === previous && v.binaryId !== activeVersionId);
  if (remembered) return remembered;
  const sorted = newestFirst(versions);
  const at = sorted.findIndex((v) => v.binaryId === activeVersionId);
  return at === -1 ? undefined : sorted[at + 1];
}

export function withTag(tags: readonly string[] | undefined, tag: string): string[] {
  return [...new Set([...(tags ?? []), tag])];
}

export function withoutTag(tags: readonly string[] | undefined, tag: string): string[] {
  return (tags ?? []).filter((t) => t !== tag);
}
