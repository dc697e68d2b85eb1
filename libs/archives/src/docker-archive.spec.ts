import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { dockerArchiveLayers, scanDockerArchive } from './docker-archive';
import { dockerSaveArchive } from './docker-save';
import { runtimeCreatedBy } from './runtime-layer';
import { tar } from './tar';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const scan = (archive: Buffer) => scanDockerArchive(Readable.from([archive]));

describe('the docker save check', () => {
  const entries = [{ name: 'c.json', size: 2, type: '0', offset: 512 }, { name: 'l1/layer.tar', size: 10, type: '0', offset: 1536 }];
  const manifest = (m: unknown) => new Map([['manifest.json', Buffer.from(JSON.stringify(m))]]);
  const problems = (captured: Map<string, Buffer>) => dockerArchiveLayers({ entries, captured }).problems;

  it('accepts a manifest whose config and layers are present', () => {
    expect(problems(manifest([{ Config: 'c.json', Layers: ['l1/layer.tar'] }]))).toEqual([]);
  });

  it('names what is missing', () => {
    expect(problems(new Map())).toEqual([expect.stringMatching(/no manifest.json/)]);
    expect(problems(new Map([['manifest.json', Buffer.from('{')]]))).toEqual([expect.stringMatching(/not valid JSON/)]);
    expect(problems(manifest([]))).toEqual([expect.stringMatching(/non-empty list/)]);
    expect(problems(manifest([{ Config: 'x.json', Layers: ['l1/layer.tar', 'l2/layer.tar'] }])))
      .toEqual(['image.tar lacks the image config x.json', 'image.tar lacks the layer l2/layer.tar']);
    expect(problems(manifest([{ Layers: 'l1' }]))).toEqual([expect.stringMatching(/Config is missing/), expect.stringMatching(/Layers must be a list/)]);
  });
});

/** docs/microservices.md#platform-base-layers */
describe('platform base layers: the runtime layer an archive may leave out', () => {
  const runtime = tar([{ name: 'usr/local/bin/node', data: 'node' }]);
  const app = tar([{ name: 'app/main.js', data: 'main' }]);
  const layers = (createdBy: string) => [{ diffId: sha256(runtime), data: runtime, createdBy }, { diffId: sha256(app), data: app, createdBy: 'berth: app 1.0.0' }];

  it('accepts a left-out layer that the config lists as the runtime layer, and finds the layers\' digests and places', async () => {
    const archive = dockerSaveArchive(layers(runtimeCreatedBy('v24.1.0')), {}, 'localhost/x:1', { without: [sha256(runtime)] });
    const found = await scan(archive);
    const { layers: listed, problems } = dockerArchiveLayers(found);
    expect(problems).toEqual([]);
    expect(listed.map((l) => ({ diffId: l.diffId, runtime: l.runtime, held: !!l.entry }))).toEqual([
      { diffId: sha256(runtime), runtime: true, held: false }, { diffId: sha256(app), runtime: false, held: true },
    ]);
    const entry = listed[1].entry!;
    expect(archive.subarray(entry.offset, entry.offset + entry.size).equals(app)).toBe(true);
    expect(archive.subarray(found.end).equals(Buffer.alloc(1024))).toBe(true);
  });

  it('refuses a left-out layer that is not the runtime layer, or whose path is not its digest', async () => {
    const notRuntime = dockerSaveArchive(layers('berth: something else'), {}, 'localhost/x:1', { without: [sha256(runtime)] });
    expect(dockerArchiveLayers(await scan(notRuntime)).problems).toEqual([`image.tar lacks the layer ${sha256(runtime)}/layer.tar`]);
    const app1 = dockerSaveArchive(layers(runtimeCreatedBy('v24.1.0')), {}, 'localhost/x:1', { without: [sha256(app)] });
    expect(dockerArchiveLayers(await scan(app1)).problems).toEqual([`image.tar lacks the layer ${sha256(app)}/layer.tar`]);
    // The manifest names a runtime layer by another digest than the config's.
    const other = 'f'.repeat(64);
    const renamed = Buffer.from(dockerSaveArchive(layers(runtimeCreatedBy('v24.1.0')), {}, 'localhost/x:1', { without: [sha256(runtime)] }).toString('latin1')
      .replace(`"Layers":["${sha256(runtime)}`, `"Layers":["${other}`), 'latin1');
    expect(dockerArchiveLayers(await scan(renamed)).problems).toEqual([`image.tar lacks the layer ${other}/layer.tar`]);
  });
});
