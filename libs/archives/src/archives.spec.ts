import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dockerSaveArchive } from './docker-save';
import { parentDirectories, tar } from './tar';
import { zip } from './zip';

/** Checks the archives with GNU tar and Python's zipfile, not with our own readers. */
describe('archives', () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-archives-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes tar that GNU tar lists, with directories, modes and names over 100 bytes', () => {
    const long = `${'d'.repeat(90)}/${'e'.repeat(60)}/file.txt`;
    const files = [{ name: 'usr/local/bin/node', data: 'x', mode: 0o755 }, { name: long, data: 'long' }];
    writeFileSync(join(dir, 'a.tar'), tar([...parentDirectories(files.map((f) => f.name)), ...files]));
    const listing = execFileSync('tar', ['-tvf', join(dir, 'a.tar')], { encoding: 'utf8' });
    expect(listing).toMatch(/^drwxr-xr-x .* usr\/$/m);
    expect(listing).toMatch(/^-rwxr-xr-x .* usr\/local\/bin\/node$/m);
    expect(listing).toContain(long);
    expect(execFileSync('tar', ['-xOf', join(dir, 'a.tar'), long], { encoding: 'utf8' })).toBe('long');
  });

  it('writes a docker save archive whose manifest names the config and the layers by digest', () => {
    const layer = tar([{ name: 'hello', data: 'hi' }]);
    writeFileSync(join(dir, 'image.tar'), dockerSaveArchive([layer], { Entrypoint: ['/hello'] }, 'localhost/x:1'));
    const manifest = JSON.parse(execFileSync('tar', ['-xOf', join(dir, 'image.tar'), 'manifest.json'], { encoding: 'utf8' }));
    const config = JSON.parse(execFileSync('tar', ['-xOf', join(dir, 'image.tar'), manifest[0].Config], { encoding: 'utf8' }));
    expect(config).toMatchObject({ os: 'linux', config: { Entrypoint: ['/hello'] }, rootfs: { diff_ids: [`sha256:${manifest[0].Layers[0].split('/')[0]}`] } });
    expect(manifest[0].RepoTags).toEqual(['localhost/x:1']);
  });

  it('names a compressed layer by the digest of its uncompressed tar, and stores it as given', () => {
    const layer = tar([{ name: 'hello', data: 'hi' }]);
    const diffId = createHash('sha256').update(layer).digest('hex');
    const packed = gzipSync(layer);
    writeFileSync(join(dir, 'packed.tar'), dockerSaveArchive([{ diffId, data: packed, createdBy: 'test layer' }], {}, 'localhost/x:1'));
    const manifest = JSON.parse(execFileSync('tar', ['-xOf', join(dir, 'packed.tar'), 'manifest.json'], { encoding: 'utf8' }));
    const config = JSON.parse(execFileSync('tar', ['-xOf', join(dir, 'packed.tar'), manifest[0].Config], { encoding: 'utf8' }));
    expect(manifest[0].Layers).toEqual([`${diffId}/layer.tar`]);
    expect(config).toMatchObject({ rootfs: { diff_ids: [`sha256:${diffId}`] }, history: [{ created_by: 'test layer' }] });
    expect(execFileSync('tar', ['-xOf', join(dir, 'packed.tar'), `${diffId}/layer.tar`]).equals(packed)).toBe(true);
  });

  it('writes ZIPs that Python reads back', () => {
    writeFileSync(join(dir, 'a.zip'), zip([{ name: 'cumulocity.json', data: '{}' }, { name: 'image.tar', data: Buffer.alloc(10000, 7), deflate: true }]));
    const out = execFileSync('python3', ['-c', 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print([(i.filename, len(z.read(i))) for i in z.infolist()])', join(dir, 'a.zip')], { encoding: 'utf8' });
    expect(out.trim()).toBe("[('cumulocity.json', 2), ('image.tar', 10000)]");
    expect(readFileSync(join(dir, 'a.zip')).readUInt32LE(0)).toBe(0x04034b50);
  });
});
