// Installs the built console (tools/console/build.js) as the active version of the seeded
// `administration` application, through the same REST calls a user makes (docs/console.md): the
// version is uploaded once, and activated again when another one is active.
const { Platform } = require('../cli/platform');
const { readZipEntries } = require('../cli/zip-entries');
const { APPLICATION } = require('./build');

/** The manifest version inside the ZIP at `zipPath`. */
async function zipVersion(zipPath) {
  const manifest = (await readZipEntries(zipPath, ['cumulocity.json'])).get('cumulocity.json');
  if (!manifest) throw new Error('the console ZIP has no cumulocity.json');
  return JSON.parse(manifest.toString('utf8')).version;
}

function check(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Makes the console in `zipPath` the active version of `administration`; answers its version. */
async function installConsole(url, user, password, zipPath) {
  const platform = new Platform(url, user, password);
  const version = await zipVersion(zipPath);
  const app = check(await platform.request(`/application/applicationsByName/${APPLICATION.name}`), 'looking up the administration application').applications?.[0];
  if (!app) throw new Error(`no application named ${APPLICATION.name}`);
  const versions = check(await platform.request(`/application/applications/${app.id}/versions?pageSize=2000`), 'listing its versions').applicationVersions ?? [];
  const known = versions.find((v) => v.version === version);
  if (!known) {
    check(await platform.upload(`/application/applications/${app.id}/binaries`, zipPath, () => undefined), 'uploading the console');
  } else if (String(app.activeVersionId) !== String(known.binaryId)) {
    check(await platform.request(`/application/applications/${app.id}`, { method: 'PUT', body: { activeVersionId: known.binaryId } }), 'activating the console');
  }
  return version;
}

module.exports = { installConsole };
