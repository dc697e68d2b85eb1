import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { dockerSaveArchive, runtimeCreatedBy } from '@berth/archives';
import { dockerImage, microserviceZip, tar, zip } from '@berth/testing';
import { BinaryContext, validateBinary } from './binary-validator';
import { unsafeEntryName } from './zip-archive';

const dir = mkdtempSync(join(tmpdir(), 'validator-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const limits = { maxEntries: 20, maxUnpackedBytes: 64 * 1024 * 1024, maxCompressionRatio: 100 };
function check(data: Buffer, type: BinaryContext['type'] = 'MICROSERVICE', extra: Partial<BinaryContext> = {}) {
  const path = join(dir, `z${n++}`);
  writeFileSync(path, data);
  return validateBinary(path, { type, brand: 'cumulocity', applicationName: 'hello', limits, ...extra });
}

describe('binary validation', () => {
  it('accepts a microservice ZIP and returns its checked manifest and version', async () => {
    const result = await check(microserviceZip({ version: '1.2.3', apiVersion: '1' }));
    expect(result).toEqual({ version: '1.2.3', manifest: expect.objectContaining({ name: 'hello', version: '1.2.3', isolation: 'MULTI_TENANT' }) });
  });

  it('reads the manifest under the configured brand', async () => {
    const data = zip([{ name: 'acme.json', data: '{"version":"1.0.0"}' }, { name: 'image.tar', data: dockerImage() }]);
    await expect(check(data, 'MICROSERVICE', { brand: 'acme' })).resolves.toMatchObject({ version: '1.0.0' });
    await expect(check(data)).rejects.toThrow(/must hold cumulocity.json and image.tar.*missing: cumulocity.json/);
  });

  it.each([
    ['no image.tar', zip([{ name: 'cumulocity.json', data: '{"version":"1.0.0"}' }]), /missing: image.tar/],
    ['a manifest that is not JSON', zip([{ name: 'cumulocity.json', data: '{' }, { name: 'image.tar', data: dockerImage() }]), /cumulocity.json is not valid JSON/],
    ['an invalid manifest', microserviceZip({ version: 'x', replicas: 9 }), /cumulocity.json is invalid: version: .*; replicas: /],
    ['an image.tar that is not a tar', microserviceZip({ version: '1.0.0' }, Buffer.alloc(2048, 65)), /image.tar is not a docker save archive: .*checksum/],
    ['an image without manifest.json', microserviceZip({ version: '1.0.0' }, dockerImage('manifest')), /no manifest.json/],
    ['an image without its config', microserviceZip({ version: '1.0.0' }, dockerImage('config')), /lacks the image config/],
    ['an image without its layer', microserviceZip({ version: '1.0.0' }, dockerImage('layer')), /lacks the layer/],
  ])('refuses a microservice with %s', async (_case, data, message) => {
    await expect(check(data)).rejects.toThrow(message);
  });

  // docs/microservices.md#platform-base-layers
  it('accepts an image that leaves out only the runtime layer its config names, and refuses one that leaves out another', async () => {
    const runtime = tar([{ name: 'usr/local/bin/node', data: 'node' }]);
    const app = tar([{ name: 'app/main.js', data: 'main' }]);
    const [runtimeId, appId] = [runtime, app].map((l) => createHash('sha256').update(l).digest('hex'));
    const layers = [{ diffId: runtimeId, data: runtime, createdBy: runtimeCreatedBy('v24.0.0') }, { diffId: appId, data: app, createdBy: 'berth: hello 1.0.0' }];
    const image = (without: string) => dockerSaveArchive(layers, {}, 'localhost/hello:1.0.0', { without: [without] });
    await expect(check(microserviceZip({ version: '1.0.0' }, image(runtimeId)))).resolves.toMatchObject({ version: '1.0.0' });
    await expect(check(microserviceZip({ version: '1.0.0' }, image(appId)))).rejects.toThrow(`image.tar lacks the layer ${appId}/layer.tar`);
    const notRuntime = dockerSaveArchive(layers.map((l) => ({ ...l, createdBy: 'berth: Node runtime' })), {}, 'localhost/hello:1.0.0', { without: [runtimeId] });
    await expect(check(microserviceZip({ version: '1.0.0' }, notRuntime))).rejects.toThrow(`image.tar lacks the layer ${runtimeId}/layer.tar`);
  });

  it('checks web applications and custom rules', async () => {
    await expect(check(zip([{ name: 'index.html', data: '<html>' }]), 'HOSTED')).resolves.toEqual({});
    await expect(check(zip([{ name: 'index.html', data: '<html>' }, { name: 'cumulocity.json', data: '{"version":"2.0.0","contextPath":"x"}' }]), 'HOSTED'))
      .resolves.toEqual({ version: '2.0.0', manifest: { version: '2.0.0', contextPath: 'x' } });
    await expect(check(zip([{ name: 'app/index.html', data: '<html>' }]), 'HOSTED')).rejects.toThrow(/index.html at its root/);
    // A leading `/` is the archive's root, as go-c8y-cli writes a folder's entries.
    await expect(check(zip([{ name: '/', data: '' }, { name: '/index.html', data: '<html>' }, { name: '/assets/app.js', data: '' }]), 'HOSTED')).resolves.toEqual({});
    await expect(check(zip([{ name: 'rules/a.mon', data: 'monitor a {}' }]), 'APAMA_CEP_RULE')).resolves.toEqual({});
    await expect(check(zip([{ name: 'a.mon', data: '' }, { name: 'b.mon', data: '' }]), 'APAMA_CEP_RULE')).rejects.toThrow(/exactly one .mon file, found 2/);
    await expect(check(zip([{ name: 'a.txt', data: '' }]), 'APAMA_CEP_RULE')).rejects.toThrow(/found 0/);
    await expect(check(zip([]), 'EXTERNAL')).rejects.toThrow(/type EXTERNAL takes no binary/);
  });

  it('refuses what is not a ZIP, escaping entries, and archives past the limits', async () => {
    await expect(check(Buffer.from('just text'), 'HOSTED')).rejects.toThrow(/not a ZIP archive/);
    await expect(check(zip([{ name: '../evil', data: 'x' }, { name: 'index.html', data: '' }]), 'HOSTED')).rejects.toThrow(/"..\/evil" escapes its folder/);
    await expect(check(zip([{ name: '//server/etc/passwd', data: 'x' }]), 'HOSTED')).rejects.toThrow(/absolute path/);
    await expect(check(zip([{ name: '/../evil', data: 'x' }]), 'HOSTED')).rejects.toThrow(/escapes its folder/);
    await expect(check(zip(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, data: '' }))), 'HOSTED')).rejects.toThrow(/21 entries, more than the limit of 20/);
    const bomb = deflateRawSync(Buffer.alloc(8 * 1024 * 1024));
    await expect(check(zip([{ name: 'index.html', data: '' }, { name: 'zeros', compressed: bomb, declaredSize: 8 * 1024 * 1024 }]), 'HOSTED'))
      .rejects.toThrow(/"zeros" has a compression ratio of \d+, more than the limit of 100/);
    await expect(check(zip([{ name: 'big', compressed: Buffer.alloc(1024 * 1024), declaredSize: 65 * 1024 * 1024 }]), 'HOSTED'))
      .rejects.toThrow(/unpacks to more than the limit of 67108864 bytes/);
  });

  it('refuses an entry whose data unpacks to more than its declared size', async () => {
    const image = dockerImage();
    const data = microserviceZip({ version: '1.0.0' }, image);
    const lying = zip([{ name: 'cumulocity.json', data: '{"version":"1.0.0"}' }, { name: 'image.tar', compressed: deflateRawSync(image), declaredSize: 1024 }]);
    await expect(check(data)).resolves.toBeDefined();
    await expect(check(lying)).rejects.toThrow(/image.tar is not a docker save archive/);
  });

  it('names unsafe entry names', () => {
    expect(['a/b', 'a/..b', '..a', '/x', '/a/b'].map(unsafeEntryName)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(['a/../../b', 'a\\..\\b', 'C:/x', '/C:/x', '//x', '\\\\server\\x', '/../x', 'a\0b'].map(unsafeEntryName).every(Boolean)).toBe(true);
  });
});
