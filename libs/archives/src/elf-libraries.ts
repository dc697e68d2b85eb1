// The shared libraries a dynamically linked program loads, found as the dynamic loader finds them
// (the libraries its ELF file names, theirs in turn, and the loader itself), in plain Node so that
// no `ldd` is needed: a container image without one finds the same files as the machine that
// packaged a microservice (docs/microservices.md#the-image).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PT_INTERP = 3;
const DT_NEEDED = 1n;
const DT_STRTAB = 5n;

/** The directories the loader searches by default on a Debian-style amd64 system, in its order. */
export const LIBRARY_DIRS = ['/lib/x86_64-linux-gnu', '/usr/lib/x86_64-linux-gnu', '/lib64', '/usr/lib64', '/lib', '/usr/lib'];

interface Segment { type: number; offset: number; vaddr: number; fileSize: number }

function segmentsOf(elf: Buffer): Segment[] {
  const phoff = Number(elf.readBigUInt64LE(0x20));
  const size = elf.readUInt16LE(0x36);
  return [...Array(elf.readUInt16LE(0x38)).keys()].map((i) => {
    const at = phoff + i * size;
    return { type: elf.readUInt32LE(at), offset: Number(elf.readBigUInt64LE(at + 8)), vaddr: Number(elf.readBigUInt64LE(at + 0x10)), fileSize: Number(elf.readBigUInt64LE(at + 0x20)) };
  });
}

const cString = (elf: Buffer, at: number) => elf.toString('latin1', at, elf.indexOf(0, at));

/** The loader a program asks for (`PT_INTERP`) and the libraries it names (`DT_NEEDED`); none for what is not a 64-bit little-endian ELF file. */
export function elfDependencies(elf: Buffer): { interpreter?: string; needed: string[] } {
  const isElf64LE = elf.length > 0x40 && elf.readUInt32BE(0) === 0x7f454c46 && elf[4] === 2 && elf[5] === 1;
  if (!isElf64LE) return { needed: [] };
  const segments = segmentsOf(elf);
  const interp = segments.find((s) => s.type === PT_INTERP);
  const dynamic = segments.find((s) => s.type === PT_DYNAMIC);
  const interpreter = interp ? cString(elf, interp.offset) : undefined;
  if (!dynamic) return { ...(interpreter ? { interpreter } : {}), needed: [] };
  const entries: Array<[bigint, bigint]> = [];
  for (let at = dynamic.offset; at + 16 <= dynamic.offset + dynamic.fileSize; at += 16) {
    const tag = elf.readBigInt64LE(at);
    if (tag === 0n) break;
    entries.push([tag, elf.readBigUInt64LE(at + 8)]);
  }
  const strtab = Number(entries.find(([tag]) => tag === DT_STRTAB)?.[1] ?? 0n);
  const load = segments.find((s) => s.type === PT_LOAD && strtab >= s.vaddr && strtab < s.vaddr + s.fileSize);
  if (!load) return { ...(interpreter ? { interpreter } : {}), needed: [] };
  const base = strtab - load.vaddr + load.offset;
  const needed = entries.filter(([tag]) => tag === DT_NEEDED).map(([, at]) => cString(elf, base + Number(at)));
  return { ...(interpreter ? { interpreter } : {}), needed };
}

/**
 * The paths of the shared libraries the program at `path` loads, the loader first: each library
 * once, at the first of `dirs` that has it, as `ldd` lists them.
 * @throws Error naming a library that none of `dirs` has.
 */
export function sharedLibraries(path: string, dirs = LIBRARY_DIRS): string[] {
  const { interpreter, needed } = elfDependencies(readFileSync(path));
  const found = interpreter ? [interpreter] : [];
  const loaded = new Set(interpreter ? [interpreter.slice(interpreter.lastIndexOf('/') + 1)] : []);
  const queue = [...needed];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (loaded.has(name)) continue;
    loaded.add(name);
    const dir = dirs.find((d) => existsSync(join(d, name)));
    if (!dir) throw new Error(`${path} needs ${name}, which none of ${dirs.join(', ')} has`);
    found.push(join(dir, name));
    queue.push(...elfDependencies(readFileSync(join(dir, name))).needed);
  }
  return found;
}
