import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { zstdCompressSync } from 'node:zlib';
import pino from 'pino';
import { dockerSaveArchive, runtimeCreatedBy, tar } from '@berth/archives';
import { BaseLayerStore } from './base-layer-store';
import { ImageFiller, MissingBaseLayerError } from './image-filler';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const logger = pino({ level: 'silent' });

/** An archive read in small chunks, as a ZIP entry streams. */
const opener = (archive: Buffer, chunk = 1000) => async () => Readable.from(Array.from({ length: Math.ceil(archive.length / chunk) }, (_, i) => archive.subarray(i * chunk, (i + 1) * chunk)));

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** docs/microservices.md#platform-base-layers */
describe('ImageFiller: an image archive that leaves out the runtime layer, made whole for the engine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-filler-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const runtime = tar([{ name: 'usr/local/bin/node', data: Buffer.alloc(300_000, 7), mode: 0o755 }, { name: 'tmp/', type: '5', mode: 0o1777 }]);
  const app = tar([{ name: 'app/main.js', data: 'console.log("hi")' }]);
  const [runtimeId, appId] = [sha256(runtime), sha256(app)];
  const packedRuntime = zstdCompressSync(runtime);
  const layers = [{ diffId: runtimeId, data: packedRuntime, createdBy: runtimeCreatedBy('v24.0.0') }, { diffId: appId, data: app, createdBy: 'berth: hello 1.0.0' }];
  const slim = dockerSaveArchive(layers, { Entrypoint: ['/usr/local/bin/node'] }, 'localhost/hello:1.0.0', { without: [runtimeId] });
  const whole = dockerSaveArchive(layers, { Entrypoint: ['/usr/local/bin/node'] }, 'localhost/hello:1.0.0');

  /** What GNU tar (not our reader) lists and extracts of an archive. */
  const members = (archive: Buffer) => {
    const file = join(dir, `check-${Math.random().toString(36).slice(2)}.tar`);
    writeFileSync(file, archive);
    const names = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    const read = (name: string) => execFileSync('tar', ['-xOf', file, name], { maxBuffer: 64 * 1048576 });
    return { names, read };
  };

  it('refuses an archive whose left-out layer the store does not have, naming the layer and --self-contained', async () => {
    const filler = new ImageFiller(new BaseLayerStore(join(dir, 'empty'), logger), logger);
    const failure = filler.fill(opener(slim));
    await expect(failure).rejects.toThrow(MissingBaseLayerError);
    await expect(failure).rejects.toThrow(new RegExp(`base layer sha256:${runtimeId} .*--self-contained`));
  });

  it('keeps the runtime layer of a self-contained archive it streams through unchanged, then adds it to an archive that leaves it out', async () => {
    const storeDir = join(dir, 'store');
    const store = new BaseLayerStore(storeDir, logger);
    const filler = new ImageFiller(store, logger);
    const passed = await collect(await filler.fill(opener(whole)));
    expect(passed.equals(whole)).toBe(true);
    // Kept before the archive's last bytes were handed on.
    expect(readFileSync(join(storeDir, `${runtimeId}.tar.zst`)).equals(packedRuntime)).toBe(true);
    expect(readdirSync(storeDir)).toEqual([`${runtimeId}.tar.zst`]);

    for (const chunk of [1, 511, 512, 4096, 1 << 20]) {
      const filled = await collect(await filler.fill(opener(slim, chunk)));
      const { names, read } = members(filled);
      expect(names.sort()).toEqual(members(whole).names.sort());
      expect(read(`${runtimeId}/layer.tar`).equals(packedRuntime)).toBe(true);
      expect(read(`${appId}/layer.tar`).equals(app)).toBe(true);
      expect(read('manifest.json').toString()).toBe(members(whole).read('manifest.json').toString());
      expect(filled.subarray(-1024).equals(Buffer.alloc(1024))).toBe(true);
    }
  });

  it('does not keep a layer that the config does not name as the runtime, nor one that does not unpack to its digest', async () => {
    const storeDir = join(dir, 'other');
    const filler = new ImageFiller(new BaseLayerStore(storeDir, logger), logger);
    const notRuntime = dockerSaveArchive(layers.map((l) => ({ ...l, createdBy: 'berth: something' })), {}, 'localhost/hello:1.0.0');
    await collect(await filler.fill(opener(notRuntime)));
    // A blob that is not zstd, listed under the runtime layer's digest: the engine refuses it, the store does not take it.
    const lying = dockerSaveArchive([{ ...layers[0], data: runtime }, layers[1]], {}, 'localhost/hello:1.0.0');
    await collect(await filler.fill(opener(lying)));
    expect(existsSync(storeDir) ? readdirSync(storeDir) : []).toEqual([]);
  });
});
