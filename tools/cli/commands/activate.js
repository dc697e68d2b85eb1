// berth microservice activate <version> [name]: makes a version active
// (POST /application/applications/{id}/versions/{version}/activate) and, when the microservice is
// deployed, follows the redeployment until the status is Up with that version (docs/cli.md).
const { reason } = require('../platform');
const { deploymentStatus, microservice } = require('../application');
const { followDeployment, serves } = require('../follow-deployment');

async function run({ platform, args, options, say }) {
  const app = await microservice(platform, args.name);
  const before = await deploymentStatus(platform, app);
  const res = await platform.request(`/application/applications/${app.id}/versions/${encodeURIComponent(args.version)}/activate`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`activating ${args.version} of ${app.name} failed: ${reason(res)}`);
  say(`activated version ${args.version} of ${app.name}`);
  if (!before || before.status === 'Unknown') {
    say(`${app.name} is not deployed (no tenant subscribed): nothing to wait for`);
    return 0;
  }
  await followDeployment(platform, app, {
    say, timeoutMs: options.timeoutMs, what: `running ${args.version}`, version: args.version,
    done: async (s) => serves(s, args.version),
  });
  say(`${app.name} runs version ${args.version}`);
  return 0;
}

module.exports = { run };
