import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { sharedLibraries } from './elf-libraries';

/** The libraries `ldd` (the loader itself, not our reader) lists for a program, with paths. */
const ldd = (path: string) => execFileSync('ldd', [path], { encoding: 'utf8' }).split('\n')
  .map((line) => (/=>\s*(\/\S+)/.exec(line) ?? /^\s*(\/\S+)\s/.exec(line))?.[1]).filter((p): p is string => !!p);

describe('sharedLibraries: what a program loads, found without ldd', () => {
  it('finds the libraries of the Node binary that ldd lists, each once', () => {
    const node = realpathSync(process.execPath);
    const found = sharedLibraries(node);
    expect([...found].sort()).toEqual([...ldd(node)].sort());
    expect(new Set(found).size).toBe(found.length);
  });

  it('names a library that no directory has', () => {
    expect(() => sharedLibraries(realpathSync(process.execPath), ['/nonexistent'])).toThrow(/needs \S+\.so[.\d]*, which none of \/nonexistent has/);
  });
});
