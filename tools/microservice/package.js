// npm run package:microservice -- <folder> [--name NAME]: the microservice in <folder> (its `cumulocity.json`
// manifest and its compiled code in dist/<folder>/src) as dist/microservices/<name>.zip, holding
// the manifest and image.tar: a `docker save` archive made without any container engine, whose one
// layer is the Node 24 runtime, the compiled service and the @berth libraries it requires.
// --name deploys the same service under another name (written into the ZIP's manifest).
const { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');
const { parseArgs } = require('node:util');
const { deflateRawSync } = require('node:zlib');
const { runtimeFiles } = require('./node-runtime');

const root = join(__dirname, '..', '..');
const dist = join(root, 'dist');
const { dockerSaveArchive, parentDirectories, tar, zip } = require(join(dist, 'libs', 'archives', 'src'));

const MANIFEST = 'cumulocity.json';

const walk = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? walk(path) : [path];
});
const jsFiles = (dir) => walk(dir).filter((f) => f.endsWith('.js'));

/** The compiled @berth libraries `files` require, transitively, as { alias, dir }. */
function berthLibraries(files) {
  const found = new Map();
  const queue = [...files];
  while (queue.length) {
    const text = readFileSync(queue.shift(), 'utf8');
    for (const [, lib] of text.matchAll(/require\("@berth\/([a-z-]+)"\)/g)) {
      if (found.has(lib)) continue;
      const dir = join(dist, 'libs', lib);
      if (!existsSync(dir)) throw new Error(`@berth/${lib} is not built; run npm run build`);
      found.set(lib, dir);
      queue.push(...jsFiles(join(dir, 'src')));
    }
  }
  return [...found].map(([lib, dir]) => ({ lib, dir }));
}

/** @returns {{ zipPath: string, name: string, version: string, imageBytes: number }} */
function packageMicroservice(folder, outDir = join(dist, 'microservices'), { name: rename } = {}) {
  const source = resolve(folder);
  const manifest = JSON.parse(readFileSync(join(source, MANIFEST), 'utf8'));
  if (rename !== undefined) manifest.name = rename;
  const name = manifest.name;
  if (!/^[a-z0-9-]{1,23}$/.test(name ?? '')) throw new Error(`${MANIFEST}: name must be 1–23 lowercase letters, digits or -, not ${JSON.stringify(name)}`);
  const compiled = join(dist, relative(root, source), 'src');
  if (!existsSync(join(compiled, 'main.js'))) throw new Error(`${relative(root, compiled)}/main.js is missing; run npm run build`);

  const appFiles = jsFiles(compiled).map((f) => ({ name: `app/src/${relative(compiled, f)}`, data: readFileSync(f) }));
  const libFiles = berthLibraries(jsFiles(compiled)).flatMap(({ lib, dir }) => {
    const own = join(root, 'libs', lib, 'package.json');
    const pkg = existsSync(own) ? readFileSync(own) : Buffer.from(JSON.stringify({ name: `@berth/${lib}`, private: true, main: 'src/index.js' }));
    return [
      { name: `app/node_modules/@berth/${lib}/package.json`, data: pkg },
      ...jsFiles(join(dir, 'src')).map((f) => ({ name: `app/node_modules/@berth/${lib}/src/${relative(join(dir, 'src'), f)}`, data: readFileSync(f) })),
    ];
  });
  const runtime = runtimeFiles();
  const files = [...runtime.files, ...appFiles, ...libFiles, { name: 'app/package.json', data: JSON.stringify({ name, version: manifest.version, private: true }) }];
  const layer = tar([...parentDirectories(files.map((f) => f.name)), { name: 'tmp/', type: '5', mode: 0o1777 }, ...files]);
  const image = dockerSaveArchive([layer], {
    Entrypoint: ['/usr/local/bin/node', '/app/src/main.js'], WorkingDir: '/app',
    Env: ['PATH=/usr/local/bin:/usr/bin:/bin', 'NODE_ENV=production', 'SERVER_PORT=80'], ExposedPorts: { '80/tcp': {} },
  }, `localhost/${name}:${manifest.version}`);
  const archive = zip([
    { name: MANIFEST, data: JSON.stringify(manifest, null, 2) },
    { name: 'image.tar', data: image, compressed: deflateRawSync(image, { level: 1 }) },
  ]);
  mkdirSync(outDir, { recursive: true });
  const zipPath = join(outDir, `${name}.zip`);
  writeFileSync(zipPath, archive);
  return { zipPath, name, version: manifest.version, imageBytes: image.length, zipBytes: archive.length, node: runtime.version };
}

module.exports = { packageMicroservice };

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' } } });
  const folder = positionals[0];
  if (!folder) {
    console.error('usage: npm run package:microservice -- <folder with cumulocity.json> [--name NAME]');
    process.exit(2);
  }
  try {
    const out = packageMicroservice(folder, undefined, { name: values.name });
    const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
    console.log(`${out.name} ${out.version}: ${relative(process.cwd(), out.zipPath)} (${mb(out.zipBytes)}; image.tar ${mb(out.imageBytes)}, Node ${out.node})`);
  } catch (err) {
    console.error(`packaging failed: ${err.message}`);
    process.exit(1);
  }
}
