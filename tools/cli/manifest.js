// The manifest as the CLI sees it: read from a ZIP or from ./cumulocity.json, and checked by the
// registry's own rule (compiled into dist/ by `tools/berth build`), so that the CLI refuses exactly
// what an upload would be refused for (docs/microservices.md#the-manifest).
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { readZipEntries } = require('./zip-entries');

const MANIFEST = 'cumulocity.json';
const RULE = join(__dirname, '..', '..', 'dist', 'apps', 'application-registry', 'src', 'applications', 'domain', 'manifest.js');

/** The registry's `checkManifest(raw, fallbackNames)`. @throws Error when the repository is not built. */
function registryRule() {
  if (!existsSync(RULE)) throw new Error('the manifest rule is not built: run `npm run build` first');
  return require(RULE).checkManifest;
}

/** The parsed manifest inside the ZIP. @throws Error when the file is no ZIP, or the manifest is missing or not JSON. */
async function readZipManifest(zipPath) {
  const data = (await readZipEntries(zipPath, [MANIFEST])).get(MANIFEST);
  if (!data) throw new Error(`${zipPath} holds no ${MANIFEST}`);
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    throw new Error(`${MANIFEST} in ${zipPath} is not JSON`);
  }
}

/**
 * The `name` of `cumulocity.json` in `dir`, or undefined when there is no such file.
 * @throws Error when the file is there but not JSON or without a name.
 */
function localManifestName(dir = process.cwd()) {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return undefined;
  let manifest;
  try { manifest = JSON.parse(readFileSync(file, 'utf8')); } catch { throw new Error(`./${MANIFEST} is not JSON`); }
  if (typeof manifest?.name !== 'string' || !manifest.name) throw new Error(`./${MANIFEST} has no name`);
  return manifest.name;
}

/**
 * The `cumulocity.json` of a microservice's folder (its name replaced by `name` when given), checked
 * by the registry's rule as an upload is: unknown fields are warned of through `warn`.
 * @returns the checked manifest. @throws Error when the file is missing, not JSON or invalid.
 */
function folderManifest(folder, { name, warn, checkManifest = registryRule() } = {}) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8'));
  } catch (e) {
    throw new Error(e.code === 'ENOENT' ? `${folder} has no ${MANIFEST}` : `${MANIFEST} is not valid JSON`);
  }
  const result = checkManifest({ ...manifest, ...(name ? { name } : {}) }, []);
  for (const warning of result.warnings) warn(`warning: ${MANIFEST}: ${warning}`);
  if (!result.ok) throw new Error(`${MANIFEST} is invalid: ${result.problems.join('; ')}`);
  return result.manifest;
}

module.exports = { MANIFEST, registryRule, readZipManifest, localManifestName, folderManifest };
