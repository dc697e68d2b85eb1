// berth microservice run --local [folder]: the microservice in [folder] (default: the working directory)
// as a local Node process against the platform the CLI is connected to (docs/cli.md#run). It checks
// the manifest, makes sure the application exists (created from the manifest when missing), subscribes
// the caller's tenant, reads the application's bootstrap user, and starts the service's entry point with
// the SDK's environment set, so that the service registers as it does when the platform hosts it.
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');
const { localEntry } = require('../../microservice/project');
const { bootstrapCredentials, findOrCreateMicroservice, subscribeTenant } = require('../application');
const { folderManifest } = require('../manifest');
const { freePort, runChild } = require('../local-process');

const SDK = '@berth/microservice-sdk';
const BUILT_SDK = join(__dirname, '..', '..', '..', 'dist', 'packages', 'microservice-sdk');
const HOOK = join(__dirname, '..', 'built-sdk-hook.js');
/** Variables of the CLI that the service must not see: they hold the developer's own credentials. */
const CLI_VARIABLES = ['BERTH_URL', 'BERTH_USER', 'BERTH_PASSWORD'];

/**
 * Which SDK the entry point gets: the one Node resolves from its folder (a project's node_modules,
 * an example's compiled library), else the package this repository builds, through the preload hook.
 * @returns {{ preload: string[], from: string, version: string }} @throws Error when there is neither.
 */
function sdkFor(entry, cwd) {
  let manifestFile;
  try {
    manifestFile = require.resolve(`${SDK}/package.json`, { paths: [dirname(entry)] });
  } catch {
    const builtFile = join(BUILT_SDK, 'package.json');
    if (!existsSync(builtFile)) throw new Error(`${SDK} is neither installed in the project nor built in this repository; run npm install, or bash tools/berth build`);
    return { preload: ['--require', HOOK], from: 'the package this repository builds', version: JSON.parse(readFileSync(builtFile, 'utf8')).version };
  }
  return { preload: [], from: relative(cwd, dirname(manifestFile)) || '.', version: JSON.parse(readFileSync(manifestFile, 'utf8')).version ?? '' };
}

/** The service's environment: the CLI's own without its credentials, plus what the SDK reads (docs/microservices.md#what-a-container-must-do). */
function serviceEnv(env, { url, app, manifest, bootstrap, port }) {
  const own = Object.fromEntries(Object.entries(env).filter(([k]) => !CLI_VARIABLES.includes(k)));
  return {
    ...own,
    C8Y_BASEURL: url.replace(/\/+$/, ''),
    C8Y_BOOTSTRAP_TENANT: bootstrap.tenant,
    C8Y_BOOTSTRAP_USER: bootstrap.user,
    C8Y_BOOTSTRAP_PASSWORD: bootstrap.password,
    C8Y_MICROSERVICE_ISOLATION: manifest.isolation ?? 'MULTI_TENANT',
    APPLICATION_NAME: app.name,
    APPLICATION_KEY: app.key ?? `${app.name}-key`,
    SERVER_PORT: String(port),
  };
}

/** The command; `options.local` and `options.port` are checked by the command line (args.js). @returns the service's exit code. */
async function run({ platform, args, options, out, err, say, url, user, env, cwd }) {
  const port = options.port ?? await freePort();
  const folder = resolve(cwd, args.folder ?? '.');
  const manifest = folderManifest(folder, { warn: err });
  const { entry } = localEntry(folder, { build: !options['no-build'] });
  const sdk = sdkFor(entry, cwd);

  const { app } = await findOrCreateMicroservice(platform, manifest.name, say, { requiredRoles: manifest.requiredRoles ?? [], roles: manifest.roles ?? [] });
  const tenant = (await platform.request('/tenant/currentTenant')).body?.id;
  if (!tenant) throw new Error('cannot tell the caller\'s tenant');
  await subscribeTenant(platform, app, tenant, Date.now() + 60000, say);
  const bootstrap = await bootstrapCredentials(platform, app, Date.now() + 60000);
  say(`bootstrap user ${bootstrap.tenant}/${bootstrap.user}`);
  say(`starting ${relative(cwd, entry)} on port ${port} with ${SDK} ${sdk.version} from ${sdk.from}`);

  const code = await runChild([...sdk.preload, entry], {
    env: serviceEnv(env, { url, app, manifest, bootstrap, port }), cwd: folder, port,
    onListening: (pid) => {
      const local = `http://localhost:${port}`;
      out(`${manifest.name} ${manifest.version} listens on ${local}/ (pid ${pid}); Ctrl-C stops it`);
      out(`  call it:  curl -u '${user}:<password>' ${local}/<path>`);
      out(`  health:   curl ${local}/health`);
    },
  });
  if (code !== 0) err(`${manifest.name} exited with code ${code}`);
  return code;
}

module.exports = { run };
