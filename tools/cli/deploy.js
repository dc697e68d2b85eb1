// berth microservice deploy <zip>: the deployment flow through the gateway (docs/microservices.md) — create the
// application or find it by name, upload the ZIP, subscribe the tenant, wait for health UP —
// printing each step and each deployment stage as it happens. Resolves with the exit code.
const { basename } = require('node:path');
const yauzl = require('yauzl');
const { reason } = require('./platform');

const MANIFEST = 'cumulocity.json';
const USER_COLLECTION = 'application/vnd.com.nsn.cumulocity.applicationCollection+json';

/** The manifest inside the ZIP. @throws Error when it is missing or not JSON. */
function readManifest(zipPath) {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(new Error(`${zipPath} is not a ZIP: ${err.message}`));
      zip.on('entry', (entry) => {
        if (entry.fileName !== MANIFEST) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          let text = '';
          stream.on('data', (c) => { text += c; }).on('end', () => {
            zip.close();
            try { resolve(JSON.parse(text)); } catch { reject(new Error(`${MANIFEST} in ${zipPath} is not JSON`)); }
          });
        });
      });
      zip.on('end', () => reject(new Error(`${zipPath} holds no ${MANIFEST}`)));
      zip.readEntry();
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param platform a Platform
 * @param options { zip, tenant?, timeoutMs, out (line printer), progress (sent, total) }
 */
async function deploy(platform, { zip, tenant, timeoutMs = 300000, out, progress }) {
  const started = Date.now();
  const say = (text) => out(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${text}`);
  const manifest = await readManifest(zip);
  const name = /^[a-z0-9-]{1,23}$/.test(manifest.name ?? '') ? manifest.name : basename(zip).replace(/\.zip$/i, '').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 23);
  say(`${name} ${manifest.version ?? ''} from ${basename(zip)}`);

  // 1. create the application, or find it by name
  const found = await platform.request(`/application/applicationsByName/${encodeURIComponent(name)}`, { accept: USER_COLLECTION });
  if (found.status !== 200) throw new Error(`looking up ${name} failed: ${reason(found)}`);
  let app = found.body.applications?.find((a) => a.name === name);
  if (app) {
    if (app.type !== 'MICROSERVICE') throw new Error(`an application named ${name} exists with type ${app.type}`);
    say(`found application ${name} (id ${app.id})`);
  } else {
    const created = await platform.request('/application/applications', { method: 'POST', body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    if (created.status !== 201) throw new Error(`creating ${name} failed: ${reason(created)}`);
    app = created.body;
    say(`created application ${name} (id ${app.id})`);
  }

  // 2. upload the ZIP
  const uploaded = await platform.upload(`/application/applications/${app.id}/binaries`, zip, progress);
  if (uploaded.status !== 201 && uploaded.status !== 200) throw new Error(`upload refused: ${reason(uploaded)}`);
  say(`uploaded ${basename(zip)}${uploaded.body?.activeVersionId ? ` (active version ${uploaded.body.activeVersionId})` : ''}`);

  // 3. subscribe the tenant (a new application may take a moment to reach the subscription service)
  const subscriber = tenant ?? (await platform.request('/tenant/currentTenant')).body?.id;
  if (!subscriber) throw new Error('cannot tell the tenant to subscribe; pass --tenant');
  const deadline = started + timeoutMs;
  for (;;) {
    const res = await platform.request(`/tenant/tenants/${subscriber}/applications`, { method: 'POST', body: { application: { id: String(app.id) } } });
    if (res.status === 201) { say(`subscribed tenant ${subscriber}`); break; }
    if (res.status === 409) { say(`tenant ${subscriber} was already subscribed`); break; }
    if (res.status !== 404 || Date.now() > deadline) throw new Error(`subscribing ${subscriber} failed: ${reason(res)}`);
    await sleep(500);
  }

  // 4. wait for /service/<name>/health, showing the deployment as the status endpoint reports it
  const shown = new Set();
  let lastStatus;
  while (Date.now() < deadline) {
    const status = await platform.request(`/application/applications/${app.id}/status`);
    if (status.status === 200) {
      const s = status.body;
      for (const stage of stagesOf(s)) {
        const key = `${stage.at} ${stage.stage} ${stage.detail ?? ''}`;
        if (shown.has(key) || Date.parse(stage.at) < started - 1000) continue;
        shown.add(key);
        say(`stage ${stage.stage}${stage.detail ? `: ${stage.detail}` : ''}`);
        if (/fail/i.test(stage.stage)) throw new Error(`deployment failed at ${stage.stage}${stage.detail ? `: ${stage.detail}` : ''}`);
      }
      const line = `status ${s.status}, ${s.instances?.filter((i) => i.healthy).length ?? 0}/${s.instances?.length ?? 0} instances healthy, ${s.restarts ?? 0} restarts`;
      if (line !== lastStatus) { say(line); lastStatus = line; }
      const failure = s.lastFailure && Date.parse(s.lastFailure.at) >= started - 1000 ? s.lastFailure : undefined;
      if (failure && !shown.has(`failure ${failure.at}`)) { shown.add(`failure ${failure.at}`); say(`failure: ${failure.reason}`); }
      if (s.status === 'Failed') throw new Error(`deployment failed: ${failure?.reason ?? s.lastFailure?.reason ?? 'no reason given'}`);
    }
    const health = await platform.request(`/service/${name}/health`, { auth: false });
    if (health.status === 200) {
      say(`/service/${name}/health is UP`);
      return { id: app.id, name };
    }
    await sleep(1000);
  }
  throw new Error(`${name} was not healthy within ${Math.round(timeoutMs / 1000)} s${lastStatus ? ` (last: ${lastStatus})` : ''}`);
}

/** Deployment stages in a status answer, wherever it carries them (`stages`, or per deployment or instance). */
function stagesOf(status) {
  const lists = [status.stages, ...(status.deployments ?? []).map((d) => d.stages), ...(status.instances ?? []).map((i) => i.stages)];
  return lists.filter(Array.isArray).flat().filter((s) => s && s.stage && s.at).sort((a, b) => a.at.localeCompare(b.at));
}

module.exports = { deploy, readManifest };
