// Drops what a running program never reads from an ELF file: the sections that are not loaded into
// memory (debug information, the static symbol table and its strings, comments), as `strip` does,
// but in plain Node so that the same input gives the same bytes on every machine. The loaded
// sections and the program headers stay as they are; the section names and the section header table
// are written anew after the loaded part.

const SHF_ALLOC = 0x2;
const SHF_INFO_LINK = 0x40;
const SHT_STRTAB = 3;
const SHT_NOBITS = 8;

interface Section { index: number; header: Buffer; nameAt: number; type: number; flags: number; offset: number; size: number; link: number; info: number; name: string }

/** The section headers of a 64-bit little-endian ELF file, with each one's name and place. */
function sectionsOf(elf: Buffer): { sections: Section[]; headerSize: number } {
  const shoff = Number(elf.readBigUInt64LE(0x28));
  const size = elf.readUInt16LE(0x3a);
  const count = elf.readUInt16LE(0x3c);
  const sections: Section[] = [...Array(count).keys()].map((index) => {
    const at = shoff + index * size;
    return {
      index, header: elf.subarray(at, at + size), nameAt: elf.readUInt32LE(at), type: elf.readUInt32LE(at + 4),
      flags: Number(elf.readBigUInt64LE(at + 8)), offset: Number(elf.readBigUInt64LE(at + 0x18)), size: Number(elf.readBigUInt64LE(at + 0x20)),
      link: elf.readUInt32LE(at + 0x28), info: elf.readUInt32LE(at + 0x2c), name: '',
    };
  });
  const names = sections[elf.readUInt16LE(0x3e)];
  for (const s of sections) {
    const start = names.offset + s.nameAt;
    s.name = elf.toString('latin1', start, elf.indexOf(0, start));
  }
  return { sections, headerSize: size };
}

/** Where the last byte any program header maps into memory ends. */
function loadedEnd(elf: Buffer): number {
  const phoff = Number(elf.readBigUInt64LE(0x20));
  const size = elf.readUInt16LE(0x36);
  let end = 0;
  for (let i = 0; i < elf.readUInt16LE(0x38); i++) {
    const at = phoff + i * size;
    end = Math.max(end, Number(elf.readBigUInt64LE(at + 8)) + Number(elf.readBigUInt64LE(at + 0x20)));
  }
  return end;
}

/**
 * `elf` without its sections that are not loaded. A file that is not a 64-bit little-endian ELF
 * file with section headers comes back unchanged.
 */
export function stripElf(elf: Buffer): Buffer {
  const isElf64LE = elf.length > 0x40 && elf.readUInt32BE(0) === 0x7f454c46 && elf[4] === 2 && elf[5] === 1;
  if (!isElf64LE || elf.readBigUInt64LE(0x28) === 0n || elf.readUInt16LE(0x3c) === 0) return elf;
  const { sections, headerSize } = sectionsOf(elf);
  const kept = sections.filter((s) => s.index === 0 || s.flags & SHF_ALLOC);
  const end = kept.reduce((max, s) => (s.type === SHT_NOBITS ? max : Math.max(max, s.offset + s.size)), loadedEnd(elf));
  const newIndex = new Map(kept.map((s, i) => [s.index, i]));

  const names = [...kept.map((s) => (s.index === 0 ? '' : s.name)), '.shstrtab'];
  const nameAt: number[] = [];
  let length = 0;
  for (const name of names) { nameAt.push(length); length += Buffer.byteLength(name, 'latin1') + 1; }
  const table = Math.ceil((end + length) / 8) * 8;
  const out = Buffer.alloc(table + names.length * headerSize);
  elf.copy(out, 0, 0, end);
  names.forEach((name, i) => out.write(name, end + nameAt[i], 'latin1'));

  kept.forEach((s, i) => {
    const at = table + i * headerSize;
    s.header.copy(out, at);
    if (i === 0) return;
    out.writeUInt32LE(nameAt[i], at);
    out.writeUInt32LE(newIndex.get(s.link) ?? 0, at + 0x28);
    if (s.flags & SHF_INFO_LINK) out.writeUInt32LE(newIndex.get(s.info) ?? 0, at + 0x2c);
  });
  const own = table + kept.length * headerSize;
  out.writeUInt32LE(nameAt[kept.length], own);
  out.writeUInt32LE(SHT_STRTAB, own + 4);
  out.writeBigUInt64LE(BigInt(end), own + 0x18);
  out.writeBigUInt64LE(BigInt(length), own + 0x20);
  out.writeBigUInt64LE(1n, own + 0x30);

  out.writeBigUInt64LE(BigInt(table), 0x28);
  out.writeUInt16LE(names.length, 0x3c);
  out.writeUInt16LE(kept.length, 0x3e);
  return out;
}
