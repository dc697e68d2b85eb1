import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** README.md and every Markdown file under docs/. */
function documents(): string[] {
  const found = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return found;
}

/** The anchors of a Markdown file's headings, as GitHub makes them. */
function anchors(file: string): Set<string> {
  const slugs = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading) slugs.add(heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
  }
  return slugs;
}

/** Every relative link of a document that does not lead to a file (and heading) of the repository. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    const to = path ? resolve(dirname(file), path) : file;
    if (!to.startsWith(ROOT) || !existsSync(to)) broken.push(`${target} (no such file)`);
    else if (anchor && to.endsWith('.md') && !anchors(to).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken.map((b) => `${relative(ROOT, file)}: ${b}`);
}

/** Lines that tell the project's history instead of how it is: issue numbers, dates of changes, sessions. */
function historyLines(file: string): string[] {
  const page = relative(ROOT, file);
  // A benchmark's or a reliability run's result table says when it was run.
  const runDatesAllowed = page.startsWith('docs/benchmarks/') || page === 'docs/reliability.md';
  const told = [
    /\bissues?\s+#?\d+/i,
    /\b(until|since|before|after|as of)\s+(20\d\d|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d)/i,
    /\b(this|that|earlier|previous|next|evening|morning) session\b/i,
  ];
  // A date in prose tells when something changed; in an example's request or answer it is data.
  const dateInProse = /\b20\d\d-\d\d-\d\d\b/;
  let inExample = false;
  return readFileSync(file, 'utf8').split('\n').flatMap((line, i) => {
    if (line.trimStart().startsWith('```')) inExample = !inExample;
    const history = told.some((pattern) => pattern.test(line)) || (!inExample && !runDatesAllowed && dateInProse.test(line));
    return history ? [`${page}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('documentation', () => {
  it('keeps the README a front door of at most 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('says how things are, not how they came to be', () => {
    expect(documents().flatMap(historyLines)).toEqual([]);
  });

  it('every relative link in README.md and docs/ leads to a file of the repository, and to a heading of it where it names one', () => {
    expect(documents().flatMap(brokenLinks)).toEqual([]);
  });
});
