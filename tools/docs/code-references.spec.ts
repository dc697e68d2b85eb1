import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SOURCE_DIRS = ['apps', 'libs', 'tools', 'examples'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/**
 * What code must not cite: the background notes the project was built from, and issue numbers.
 * Built from pieces so that this file does not match itself.
 */
const NOTE_FILES = ['SPEC', 'DESIGN', 'CLIENTS'].map((name) => `${name}\\.md`);
const FORBIDDEN = [new RegExp(`\\b(${NOTE_FILES.join('|')})`), new RegExp(`\\b${'iss'}${'ue'} \\d`, 'i')];

/** A docs page named by its path from the repository's root, e.g. `docs/security.md` (not `api-docs/…`). */
const DOCS_PAGE = /(?<![\w./-])docs\/(?:[\w-]+\/)*[\w.-]+\.md(?!\w)/g;

/** Every file under the source folders but node_modules and dist, as lines of text (binary files skipped). */
function sourceFiles(): Array<{ path: string; lines: string[] }> {
  const found: Array<{ path: string; lines: string[] }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) walk(path);
      } else if (stat.isFile()) {
        const content = readFileSync(path);
        if (!content.includes(0)) found.push({ path: relative(ROOT, path), lines: content.toString('utf8').split('\n') });
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir));
  return found;
}

/** `path:line: text` for every line that `match` picks something out of, with what it picked. */
function matches(files: ReturnType<typeof sourceFiles>, match: (line: string) => string[]): string[] {
  return files.flatMap(({ path, lines }) => lines.flatMap((line, i) => match(line).map((hit) => `${path}:${i + 1}: ${hit}`)));
}

describe('references in code', () => {
  const files = sourceFiles();

  it('cite no background note nor issue number: a comment states the rule or names the docs page', () => {
    const cited = matches(files, (line) => (FORBIDDEN.some((re) => re.test(line)) ? [line.trim().slice(0, 160)] : []));
    expect(cited).toEqual([]);
  });

  it('name only docs pages that exist', () => {
    const missing = matches(files, (line) => [...line.matchAll(DOCS_PAGE)].map(([page]) => page).filter((page) => !existsSync(join(ROOT, page))));
    expect(missing).toEqual([]);
  });
});
