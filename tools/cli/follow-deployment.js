// Watching a deployment through GET /application/applications/{id}/status (docs/api/hosting.md):
// each new stage, each status change and each new failure is printed as it appears.
const { sleep } = require('./output');

/** Deployment stages in a status answer, wherever it carries them (`stages`, or per deployment or instance). */
function stagesOf(status) {
  const lists = [status.stages, ...(status.deployments ?? []).map((d) => d.stages), ...(status.instances ?? []).map((i) => i.stages)];
  return lists.filter(Array.isArray).flat().filter((s) => s && s.stage && s.at).sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Whether `status` says `version` serves callers: Up with that version, and no update under way or
 * one whose route has switched to it (an update keeps the old version serving until every new
 * instance is healthy, then lets it drain; docs/hosting.md).
 */
function serves(status, version) {
  return status?.version === version && status.status === 'Up' && (!status.rollout || status.rollout.switchedAt !== undefined);
}

/**
 * Reads the status of `app` every second until `done(status)` (the status answer, or undefined when
 * there is none) resolves true. Stages and failures older than `say.started` are not shown.
 * With `version`, a rollback away from that version since the start fails the wait with its reason.
 * @throws Error when a stage fails, the status is `Failed`, `version` was rolled back, or `timeoutMs` passes (naming `what` was awaited).
 */
async function followDeployment(platform, app, { say, timeoutMs, done, what, version }) {
  const since = say.started - 1000;
  const deadline = say.started + timeoutMs;
  const shown = new Set();
  let lastStatus;
  while (Date.now() < deadline) {
    const res = await platform.request(`/application/applications/${app.id}/status`);
    const s = res.status === 200 ? res.body : undefined;
    if (s) {
      for (const stage of stagesOf(s)) {
        const key = `${stage.at} ${stage.stage} ${stage.detail ?? ''}`;
        if (shown.has(key) || Date.parse(stage.at) < since) continue;
        shown.add(key);
        say(`stage ${stage.stage}${stage.detail ? `: ${stage.detail}` : ''}`);
        if (/fail/i.test(stage.stage)) throw new Error(`deployment failed at ${stage.stage}${stage.detail ? `: ${stage.detail}` : ''}`);
      }
      const line = `status ${s.status}, ${s.instances?.filter((i) => i.healthy).length ?? 0}/${s.instances?.length ?? 0} instances healthy, ${s.restarts ?? 0} restarts`;
      if (line !== lastStatus) { say(line); lastStatus = line; }
      const failure = s.lastFailure && Date.parse(s.lastFailure.at) >= since ? s.lastFailure : undefined;
      if (failure && !shown.has(`failure ${failure.at}`)) { shown.add(`failure ${failure.at}`); say(`failure: ${failure.reason}`); }
      if (s.status === 'Failed') throw new Error(`deployment failed: ${failure?.reason ?? s.lastFailure?.reason ?? 'no reason given'}`);
      const rollback = s.rollback;
      if (version !== undefined && rollback?.from === version && Date.parse(rollback.at) >= since) {
        throw new Error(`version ${version} was rolled back to ${rollback.to}: ${rollback.reason ?? 'no reason given'}`);
      }
    }
    if (await done(s)) return;
    await sleep(1000);
  }
  throw new Error(`${app.name} was not ${what} within ${Math.round(timeoutMs / 1000)} s${lastStatus ? ` (last: ${lastStatus})` : ''}`);
}

module.exports = { followDeployment, serves };
