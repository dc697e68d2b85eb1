// berth microservice deploy <zip>: the deployment flow through the gateway (docs/cli.md) — check the
// manifest locally, create the application or find it by name, upload the ZIP, subscribe the tenant,
// wait for health UP — printing each step and each deployment stage as it happens.
const { basename } = require('node:path');
const { reason } = require('../platform');
const { findOrCreateMicroservice, subscribeTenant } = require('../application');
const { followDeployment, serves } = require('../follow-deployment');
const { MANIFEST, readZipManifest, registryRule } = require('../manifest');
const { uploadProgress } = require('../output');

/** The application name a ZIP's file name stands for, when its manifest names none. */
const nameFromFile = (zip) => basename(zip).replace(/\.zip$/i, '').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 23);

/**
 * Checks the ZIP's manifest with the registry's rule before anything is sent: unknown fields are
 * warned of through `warn`. @returns the checked manifest. @throws Error naming every problem.
 */
async function checkedManifest(zip, checkManifest, warn) {
  const result = checkManifest(await readZipManifest(zip), [nameFromFile(zip)]);
  for (const warning of result.warnings) warn(`warning: ${MANIFEST}: ${warning}`);
  if (!result.ok) throw new Error(`${MANIFEST} is invalid: ${result.problems.join('; ')}`);
  return result.manifest;
}

/**
 * @param platform a Platform
 * @param options { zip, tenant?, timeoutMs, say (progress line printer), warn (line printer), progress (sent, total),
 *   checkManifest? (the registry's rule; by default the built one) }
 * @returns { id, name } once /service/<name>/health is UP. @throws Error when a step fails.
 */
async function deploy(platform, { zip, tenant, timeoutMs = 300000, say, warn, progress, checkManifest = registryRule() }) {
  const manifest = await checkedManifest(zip, checkManifest, warn);
  const { name } = manifest;
  say(`${name} ${manifest.version} from ${basename(zip)}`);

  const { app, created } = await findOrCreateMicroservice(platform, name, say);
  const uploaded = await platform.upload(`/application/applications/${app.id}/binaries`, zip, progress);
  if (uploaded.status !== 201 && uploaded.status !== 200) {
    // An application made only for this upload goes again, so that a refused ZIP leaves nothing behind.
    if (created) {
      const removed = await platform.request(`/application/applications/${app.id}`, { method: 'DELETE' });
      say(removed.status === 204 ? `removed application ${name} again` : `could not remove application ${name} again: ${reason(removed)}`);
    }
    throw new Error(`upload refused: ${reason(uploaded)}`);
  }
  say(`uploaded ${basename(zip)}${uploaded.body?.activeVersionId ? ` (active version ${uploaded.body.activeVersionId})` : ''}`);

  const subscriber = tenant ?? (await platform.request('/tenant/currentTenant')).body?.id;
  if (!subscriber) throw new Error('cannot tell the tenant to subscribe; pass --tenant');
  await subscribeTenant(platform, app, subscriber, say.started + timeoutMs, say);

  await followDeployment(platform, app, {
    say, timeoutMs, what: `serving ${manifest.version}`, version: manifest.version,
    done: async (s) => {
      if (!serves(s, manifest.version)) return false;
      if ((await platform.request(`/service/${name}/health`, { auth: false })).status !== 200) return false;
      say(`/service/${name}/health is UP`);
      return true;
    },
  });
  return { id: app.id, name };
}

/** The command: deploys `args.zip` and prints where the service answers. */
async function run({ platform, args, options, say, err, out, url }) {
  const { name } = await deploy(platform, { zip: args.zip, tenant: options.tenant, timeoutMs: options.timeoutMs, say, warn: err, progress: uploadProgress() });
  out(`deployed: ${url.replace(/\/+$/, '')}/service/${name}/`);
  return 0;
}

module.exports = { deploy, run };
