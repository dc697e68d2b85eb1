// berth microservice delete [name]: deletes the application and waits until its instances are gone.
// The orchestrator removes a deleted microservice's containers before it withdraws the route, so
// /service/<name>/health answering 404 means no instance is left (docs/cli.md).
const { reason } = require('../platform');
const { deploymentStatus, microservice } = require('../application');
const { sleep } = require('../output');

async function run({ platform, args, options, say }) {
  const app = await microservice(platform, args.name);
  const instances = (await deploymentStatus(platform, app))?.instances ?? [];
  const res = await platform.request(`/application/applications/${app.id}${options.force ? '?force=true' : ''}`, { method: 'DELETE' });
  if (res.status === 409 && !options.force) throw new Error(`deleting ${app.name} refused: ${reason(res)} (--force deletes it anyway)`);
  if (res.status !== 204) throw new Error(`deleting ${app.name} failed: ${reason(res)}`);
  say(`deleted application ${app.name} (id ${app.id})${instances.length ? `; waiting for ${instances.map((i) => i.name).join(', ')} to stop` : ''}`);
  const deadline = say.started + options.timeoutMs;
  let last;
  for (;;) {
    const health = await platform.request(`/service/${encodeURIComponent(app.name)}/health`, { auth: false });
    if (health.status === 404) break;
    const state = `/service/${app.name}/health answers ${health.status}: instances still there`;
    if (state !== last) { say(state); last = state; }
    if (Date.now() > deadline) throw new Error(`the instances of ${app.name} were still there after ${Math.round(options.timeoutMs / 1000)} s`);
    await sleep(1000);
  }
  say(`no instance of ${app.name} is left`);
  return 0;
}

module.exports = { run };
