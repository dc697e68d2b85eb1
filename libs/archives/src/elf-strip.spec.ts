import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { stripElf } from './elf-strip';

/** The section names of an ELF file as binutils' readelf lists them (not our own reader). */
const sectionNames = (path: string) => [...execFileSync('readelf', ['-S', '-W', path], { encoding: 'utf8' }).matchAll(/^\s*\[\s*\d+\]\s+(\S+)/gm)].map((m) => m[1]);

describe('stripElf: what a running program never reads leaves an ELF file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-elf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('strips the Node binary of its symbol table and debug sections, and the result still runs', () => {
    const original = realpathSync(process.execPath);
    const stripped = join(dir, 'node');
    const data: Buffer = stripElf(readFileSync(original));
    writeFileSync(stripped, data, { mode: 0o755 });
    const before = sectionNames(original);
    const after = sectionNames(stripped);
    expect(after.filter((s) => s.startsWith('.debug') || s === '.symtab' || s === '.strtab' || s === '.comment')).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(['.text', '.rodata', '.dynsym', '.dynstr', '.data', '.bss', '.shstrtab']));
    expect(after.filter((s) => s !== '.shstrtab')).toEqual(before.filter((s) => after.includes(s) && s !== '.shstrtab'));
    expect(execFileSync(stripped, ['-p', "process.version + ' ' + new Intl.NumberFormat('de').format(1234.5)"], { encoding: 'utf8' }).trim())
      .toBe(`${process.version} 1.234,5`);
    // Stripping again changes nothing, so a layer made from it is the same every time.
    expect(stripElf(data).equals(data)).toBe(true);
  });

  it('leaves what is not a 64-bit ELF file as it is', () => {
    const text = Buffer.from('#!/bin/sh\necho hello\n'.repeat(10));
    expect(stripElf(text)).toBe(text);
  });
});
