// berth microservice status [name]: the application, its active version, its deployment status and
// instances, and when it is not Up, why, as far as the status resource says (docs/api/hosting.md).
const { activeVersion, deploymentStatus, microservice } = require('../application');

/** The lines describing `app` and its `status` (undefined when the platform has none for the caller). */
function statusLines(app, status) {
  const version = activeVersion(app);
  const lines = [
    `${app.name} (id ${app.id}, owner ${app.owner?.tenant?.id ?? 'unknown'})`,
    `active version: ${version ? `${version} (binary ${app.activeVersionId})` : 'none'}`,
  ];
  if (!status) return [...lines, 'status: none visible to you'];
  lines.push(`status: ${status.status}${status.version ? `, running ${status.version}` : ''}, ${status.restarts ?? 0} restarts`);
  if (status.status === 'Unknown') lines.push('  nothing deployed: no active version, or no tenant subscribed');
  if (status.rollout) lines.push(`update under way: ${status.rollout.from ?? 'none'} → ${status.rollout.to} since ${status.rollout.since}`);
  if (status.rollback) lines.push(`rolled back: ${status.rollback.from} → ${status.rollback.to} at ${status.rollback.at}${status.rollback.reason ? `: ${status.rollback.reason}` : ''}`);
  for (const i of status.instances ?? []) {
    lines.push(`instance ${i.name}${i.version ? ` (${i.version})` : ''}: ${i.healthy ? 'healthy' : `not healthy${i.reason ? `: ${i.reason}` : ''}`}, started ${i.startedAt}${i.tenant ? `, tenant ${i.tenant}` : ''}`);
  }
  if (status.status !== 'Up' && status.status !== 'Unknown') {
    const stage = status.stages?.at(-1);
    if (stage) lines.push(`last stage: ${stage.stage}${stage.detail ? ` (${stage.detail})` : ''} at ${stage.at}`);
    if (status.lastFailure) lines.push(`last failure: ${status.lastFailure.reason} at ${status.lastFailure.at}`);
    if (status.nextRestartAt) lines.push(`next restart: ${status.nextRestartAt}`);
  }
  return lines;
}

async function run({ platform, args, out }) {
  const app = await microservice(platform, args.name);
  for (const line of statusLines(app, await deploymentStatus(platform, app))) out(line);
  return 0;
}

module.exports = { run, statusLines };
