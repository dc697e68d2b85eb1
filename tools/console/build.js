// Builds the web console (apps/console, docs/console.md) into the HOSTED application ZIP that the
// platform serves as `administration`: Vite's bundle, a `.br` and `.gz` sibling for each text file
// worth compressing, and the `cumulocity.json` manifest whose version names the sources' hash.
// Skipped when the sources are unchanged since the last build. Prints the ZIP's path.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

const root = join(__dirname, '..', '..');
const sources = join(root, 'apps', 'console');
const out = join(root, 'dist', 'apps', 'console');
const www = join(out, 'www');
const zipPath = join(out, 'administration.zip');
const stampPath = join(out, 'sources.sha256');

/** What the console is served as: the seeded application of that name (docs/console.md). */
const APPLICATION = { name: 'administration', contextPath: 'administration', key: 'administration-application-key' };
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|map|txt)$/;
const COMPRESS_FROM_BYTES = 1024;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

function sourcesHash() {
  const hash = createHash('sha256');
  const inputs = [...files(sources).filter((f) => !/\.spec\.tsx?$/.test(f)), join(root, 'package-lock.json')].sort();
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

async function build() {
  const hash = sourcesHash();
  if (existsSync(zipPath) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === hash) return zipPath;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: join(sources, 'vite.config.mjs') });
  const { zip } = require(join(root, 'dist', 'libs', 'archives', 'src'));
  const version = `${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}+${hash.slice(0, 12)}`;
  const entries = [];
  for (const file of files(www).sort()) {
    const name = relative(www, file).split('\\').join('/');
    const data = readFileSync(file);
    entries.push({ name, data, deflate: true });
    if (COMPRESSIBLE.test(name) && statSync(file).size >= COMPRESS_FROM_BYTES) {
      entries.push({ name: `${name}.br`, data: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) });
      entries.push({ name: `${name}.gz`, data: gzipSync(data, { level: 9 }) });
    }
  }
  entries.push({ name: 'cumulocity.json', data: JSON.stringify({ ...APPLICATION, version, type: 'HOSTED' }, null, 2), deflate: true });
  writeFileSync(zipPath, zip(entries));
  writeFileSync(stampPath, hash);
  return zipPath;
}

module.exports = { build, APPLICATION };

if (require.main === module) {
  build().then((path) => console.log(relative(process.cwd(), path)), (err) => {
    console.error(`[berth] the console did not build: ${err.message}`);
    process.exit(1);
  });
}
