// berth microservice package [folder] (also npm run package:microservice -- <folder>): the microservice
// in <folder> (its `cumulocity.json` manifest and its code, see project.js) as <name>.zip holding
// the manifest and image.tar, a `docker save` archive made without any container engine, of three
// layers (layers.js): the Node 24 runtime, the same for every microservice; the SDK, the same for
// every microservice on that SDK version; the service's own code and other dependencies.
// The runtime layer is a platform base layer: image.tar lists it but leaves its blob out, and the
// orchestrator adds it; --self-contained keeps it in (docs/microservices.md#platform-base-layers).
// A project's ZIP goes into its folder, an example's into dist/microservices. --name packages the
// same service under another name (written into the ZIP's manifest), e.g. to deploy a second copy.
// docs/microservices.md#packaging
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { runtimeLayer } = require('./node-runtime');
const { projectContent } = require('./project');
const { layer, packLayer } = require('./layers');

const root = join(__dirname, '..', '..');
const { dockerSaveArchive, zip } = require(join(root, 'dist', 'libs', 'archives', 'src'));

const MANIFEST = 'cumulocity.json';

/**
 * @param {string} folder the microservice's folder
 * @param {string} [outDir] where the ZIP goes (default: a project's folder, dist/microservices for an example)
 * @param {{ name?: string, build?: boolean, selfContained?: boolean }} [options] `build: false` skips a project's
 *   `npm run build`; `selfContained` keeps the runtime layer's blob in image.tar
 * @returns {{ zipPath: string, name: string, version: string, imageBytes: number, zipBytes: number, node: string,
 *   layers: Array<{ diffId: string, createdBy: string, bytes: number, packedBytes?: number, base: boolean }> }}
 *   `base`: a platform base layer left out of the ZIP (no `packedBytes` then)
 */
function packageMicroservice(folder, outDir, { name: rename, build = true, selfContained = false } = {}) {
  const source = resolve(folder);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(source, MANIFEST), 'utf8'));
  } catch (err) {
    throw new Error(err.code === 'ENOENT' ? `${folder} has no ${MANIFEST}` : `${MANIFEST} is not valid JSON: ${err.message}`);
  }
  if (rename !== undefined) manifest.name = rename;
  const name = manifest.name;
  if (!/^[a-z0-9-]{1,23}$/.test(name ?? '')) throw new Error(`${MANIFEST}: name must be 1–23 lowercase letters, digits or -, not ${JSON.stringify(name)}`);
  const content = projectContent(source, manifest, { build });

  const runtime = runtimeLayer();
  // A left-out layer needs only its digest: it is not compressed.
  const base = selfContained ? packLayer(runtime, runtime.createdBy, { cache: true })
    : { diffId: runtime.diffId, data: Buffer.alloc(0), createdBy: runtime.createdBy, bytes: runtime.data.length, base: true };
  const layers = [
    base,
    ...(content.sdk.length ? [layer(content.sdk, `berth: @berth/microservice-sdk ${content.sdkVersion}`)] : []),
    layer(content.app, `berth: ${name} ${manifest.version}`),
  ];
  const image = dockerSaveArchive(layers, {
    Entrypoint: ['/usr/local/bin/node', content.entry], WorkingDir: '/app',
    Env: ['PATH=/usr/local/bin:/usr/bin:/bin', 'NODE_ENV=production', 'SERVER_PORT=80'], ExposedPorts: { '80/tcp': {} },
  }, `localhost/${name}:${manifest.version}`, { without: layers.filter((l) => l.base).map((l) => l.diffId) });
  // The layers are compressed already: the ZIP stores image.tar as it is.
  const archive = zip([{ name: MANIFEST, data: JSON.stringify(manifest, null, 2), deflate: true }, { name: 'image.tar', data: image }]);
  const out = outDir ?? (content.kind === 'project' ? source : join(root, 'dist', 'microservices'));
  mkdirSync(out, { recursive: true });
  const zipPath = join(out, `${name}.zip`);
  writeFileSync(zipPath, archive);
  return {
    zipPath, name, version: manifest.version, imageBytes: image.length, zipBytes: archive.length, node: runtime.version,
    layers: layers.map((l) => ({ diffId: l.diffId, createdBy: l.createdBy, bytes: l.bytes, base: !!l.base, ...(l.base ? {} : { packedBytes: l.data.length }) })),
  };
}

/** A byte count as people read it: MB from one MiB up, else KB (at least 1). */
const size = (n) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** The one line that reports a package: the ZIP, its size, and each layer with its compressed size, or that the platform provides it. */
function summary(out, cwd = process.cwd()) {
  const layers = out.layers.map((l) => `${l.createdBy.replace(/^berth: /, '')} ${l.base ? '(provided by the platform)' : size(l.packedBytes)}`).join(', ');
  return `${out.name} ${out.version}: ${relative(cwd, out.zipPath)} (${size(out.zipBytes)}; layers: ${layers})`;
}

module.exports = { packageMicroservice, summary, size };

if (require.main === module) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { name: { type: 'string' }, 'no-build': { type: 'boolean' }, 'self-contained': { type: 'boolean' } } });
  } catch (err) {
    parsed = { positionals: [], error: err.message };
  }
  const folder = parsed.positionals[0];
  if (!folder || parsed.positionals.length > 1) {
    console.error(`${parsed.error ? `${parsed.error}\n` : ''}usage: npm run package:microservice -- <folder with cumulocity.json> [--name NAME] [--no-build] [--self-contained]`);
    process.exit(2);
  }
  try {
    const { name, 'no-build': noBuild, 'self-contained': selfContained } = parsed.values;
    console.log(summary(packageMicroservice(folder, undefined, { name, build: !noBuild, selfContained })));
  } catch (err) {
    console.error(`packaging failed: ${err.message}`);
    process.exit(1);
  }
}
