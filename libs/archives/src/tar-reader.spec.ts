import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tar, tarHeader } from './tar';
import { TarFormatError, TarHeaderReader } from './tar-reader';

async function read(data: Buffer, chunkSize = 7, capture?: (name: string) => boolean) {
  const reader = new TarHeaderReader({ capture, maxEntries: 10 });
  const chunks = Array.from({ length: Math.ceil(data.length / chunkSize) }, (_, i) => data.subarray(i * chunkSize, (i + 1) * chunkSize));
  await pipeline(Readable.from(chunks), reader);
  return reader;
}

describe('the tar header reader', () => {
  it('lists entries and captures only the wanted ones, whatever the chunking', async () => {
    const archive = tar([{ name: 'a/layer.tar', data: Buffer.alloc(1500, 1) }, { name: 'manifest.json', data: '[1]' }, { name: 'empty', data: '' }]);
    for (const size of [1, 7, 512, 100000]) {
      const reader = await read(archive, size, (n) => n === 'manifest.json');
      expect(reader.entries).toEqual([{ name: 'a/layer.tar', size: 1500, type: '0', offset: 512 }, { name: 'manifest.json', size: 3, type: '0', offset: 2560 }, { name: 'empty', size: 0, type: '0', offset: 3584 }]);
      expect(reader.entriesEnd).toBe(3584);
      expect([...reader.captured.keys()]).toEqual(['manifest.json']);
      expect(reader.captured.get('manifest.json')!.toString()).toBe('[1]');
    }
  });

  it('reads GNU long names and PAX paths', async () => {
    const long = `${'d'.repeat(120)}/layer.tar`;
    const pax = `${` path=${long}\n`.length + 3} path=${long}\n`;
    const archive = Buffer.concat([
      tarHeader('././@LongLink', long.length + 1, 'L'), Buffer.concat([Buffer.from(`${long}\0`), Buffer.alloc(512 - long.length - 1)]),
      tarHeader('x', 0), tarHeader('PaxHeader', Buffer.byteLength(pax), 'x'), Buffer.concat([Buffer.from(pax), Buffer.alloc(512 - Buffer.byteLength(pax))]),
      tarHeader('short', 0), Buffer.alloc(1024),
    ]);
    expect((await read(archive)).entries.map((e) => e.name)).toEqual([long, long]);
  });

  it('refuses what is not a tar: bad checksum, truncated content, empty input, too many entries', async () => {
    await expect(read(Buffer.from('PK\u0003\u0004'.padEnd(1024, 'x')))).rejects.toThrow(TarFormatError);
    await expect(read(tar([{ name: 'a', data: Buffer.alloc(2000) }]).subarray(0, 1024))).rejects.toThrow(/ends inside an entry/);
    await expect(read(Buffer.alloc(0))).rejects.toThrow(/empty/);
    await expect(read(tar(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: '' }))))).rejects.toThrow(/more than 10 entries/);
  });
});
