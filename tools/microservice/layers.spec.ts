import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';

const { layer } = require('./layers');

/** The layers of microservice images (docs/microservices.md#the-image). */
describe('layer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-layers-'));
  const cache = join(dir, 'cache');
  const saved = process.env.XDG_CACHE_HOME;
  beforeAll(() => { process.env.XDG_CACHE_HOME = cache; });
  afterAll(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME; else process.env.XDG_CACHE_HOME = saved;
    rmSync(dir, { recursive: true, force: true });
  });
  const files = [{ name: 'app/src/main.js', data: Buffer.from('console.log(1)\n'), mode: 0o644 }, { name: 'usr/local/bin/tool', data: Buffer.from('x'), mode: 0o755 }];

  it('is the same layer for the same files in any order, a tar that GNU tar lists with its directories', () => {
    const a = layer(files, 'test');
    const b = layer([...files].reverse(), 'test');
    expect(b.diffId).toBe(a.diffId);
    writeFileSync(join(dir, 'layer.tar'), zstdDecompressSync(a.data));
    expect(execFileSync('tar', ['-tvf', join(dir, 'layer.tar')], { encoding: 'utf8' }).trim().split('\n').map((l) => l.replace(/^(\S+).* (\S+)$/, '$1 $2'))).toEqual([
      'drwxr-xr-x app/', 'drwxr-xr-x app/src/', 'drwxr-xr-x usr/', 'drwxr-xr-x usr/local/', 'drwxr-xr-x usr/local/bin/',
      '-rw-r--r-- app/src/main.js', '-rwxr-xr-x usr/local/bin/tool',
    ]);
    expect(a.bytes).toBe(zstdDecompressSync(a.data).length);
  });

  it('keeps a cached layer in the cache, and does not use a cache file that does not hold the layer', () => {
    const first = layer(files, 'test', { cache: true, dirs: [{ name: 'tmp/', mode: 0o1777 }] });
    const file = join(cache, 'berth', 'layers', `${first.diffId}.tar.zst`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).equals(first.data)).toBe(true);
    writeFileSync(file, first.data.subarray(0, first.data.length - 8));
    const again = layer(files, 'test', { cache: true, dirs: [{ name: 'tmp/', mode: 0o1777 }] });
    expect(again.data.equals(first.data)).toBe(true);
    expect(readFileSync(file).equals(first.data)).toBe(true);
  });
});
