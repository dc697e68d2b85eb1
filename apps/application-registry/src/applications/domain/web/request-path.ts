/** What a request under `/apps/<contextPath>/` names inside the application's ZIP (docs/api/applications.md). */
export type FilePath = { ok: true; name: string } | { ok: false; reason: string };

/**
 * The ZIP entry name a request path names: `rawPath` is the part after `/apps/<contextPath>/`, as the
 * URL carries it (percent-escapes included, no query). Each segment is decoded on its own, so an
 * escaped `/` or `\` never joins segments; refused: an undecodable escape, `.` or `..` segments,
 * a NUL, a backslash, an empty segment before the last (an absolute path or `//`). An empty path
 * (or one ending in `/`) names the folder itself, which the caller serves as `index.html`.
 */
export function filePathOf(rawPath: string): FilePath {
  const segments = rawPath.split('/');
  const names: string[] = [];
  for (const [i, raw] of segments.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: 'the path has an invalid percent-escape' };
    }
    if (segment === '') {
      if (i === segments.length - 1) break;
      return { ok: false, reason: 'the path has an empty segment' };
    }
    if (segment === '.' || segment === '..') return { ok: false, reason: 'the path has a . or .. segment' };
    if (/[\\/\0]/.test(segment)) return { ok: false, reason: 'a path segment holds a slash, a backslash or a NUL' };
    names.push(segment);
  }
  return { ok: true, name: names.join('/') };
}

/** Whether the last segment of `name` has a file extension (`app.js`; not `route`, `.hidden` or a folder). */
export function hasExtension(name: string): boolean {
  const last = name.slice(name.lastIndexOf('/') + 1);
  return /.\.[A-Za-z0-9]+$/.test(last);
}
