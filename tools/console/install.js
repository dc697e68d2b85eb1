// Installs the built console (tools/console/build.js) as the active version of the seeded
// `administration` application, through the same REST calls a user makes (docs/console.md): the
// version is uploaded once, and activated again when another one is active.
const { readFileSync } = require('node:fs');
const yauzl = require('yauzl');
const { Platform } = require('../cli/platform');
const { APPLICATION } = require('./build');

/** The manifest version inside the ZIP at `zipPath`. */
function zipVersion(zipPath) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(zipPath), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry) => {
        if (entry.fileName !== 'cumulocity.json') return zip.readEntry();
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c)).on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).version));
        });
      });
      zip.on('end', () => reject(new Error('the console ZIP has no cumulocity.json')));
      zip.readEntry();
    });
  });
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
