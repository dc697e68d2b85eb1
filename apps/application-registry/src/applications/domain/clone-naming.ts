/** The fields a clone renames to stay unique (docs/api/applications.md). */
export const CLONE_RENAMED = ['name', 'key', 'contextPath'] as const;
export type CloneNames = Partial<Record<(typeof CLONE_RENAMED)[number], string>>;

/**
 * The clone's names for attempt `n`: each of `name`, `key` and `contextPath` prefixed with
 * `clone`, and from the second attempt on suffixed with the attempt's number
 * (`cloneapp`, `cloneapp1`, `cloneapp2`, …). Fields the source lacks stay absent.
 */
export function cloneNames(source: CloneNames, n: number): CloneNames {
  const names: CloneNames = {};
  for (const field of CLONE_RENAMED) {
    const value = source[field];
    if (value !== undefined) names[field] = `clone${value}${n === 0 ? '' : n}`;
  }
  return names;
}

/** The first attempt from `from` on whose names are all free, looking `window` attempts ahead. */
export function firstFreeClone(source: CloneNames, taken: { name: Set<string>; key: Set<string>; contextPath: Set<string> }, from: number, window: number): number | undefined {
  for (let n = from; n < from + window; n++) {
    const names = cloneNames(source, n);
    if (CLONE_RENAMED.every((f) => names[f] === undefined || !taken[f].has(names[f]!))) return n;
  }
  return undefined;
}
