// Finding a microservice application by name, and what its resource says about its versions
// (docs/api/applications.md).
const { reason } = require('./platform');
const { sleep } = require('./output');

const COLLECTION = 'application/vnd.com.nsn.cumulocity.applicationCollection+json';

/** The application named `name`, or undefined when the caller sees none. @throws Error when the lookup fails. */
async function applicationByName(platform, name) {
  const found = await platform.request(`/application/applicationsByName/${encodeURIComponent(name)}`, { accept: COLLECTION });
  if (found.status !== 200) throw new Error(`looking up ${name} failed: ${reason(found)}`);
  return found.body.applications?.find((a) => a.name === name);
}

/** The microservice named `name`. @throws Error when there is none, or the application of that name is of another type. */
async function microservice(platform, name) {
  const app = await applicationByName(platform, name);
  if (!app) throw new Error(`no microservice named ${name}`);
  if (app.type !== 'MICROSERVICE') throw new Error(`${name} is a ${app.type} application, not a microservice`);
  return app;
}

/** The name of the application's active version, if it has one. */
const activeVersion = (app) => app.applicationVersions?.find((v) => v.binaryId === app.activeVersionId)?.version;

/** The deployment status, or undefined when the platform has none for the caller (404). @throws Error (with `status`) on any other answer. */
async function deploymentStatus(platform, app) {
  const res = await platform.request(`/application/applications/${app.id}/status`);
  if (res.status === 404) return undefined;
  if (res.status !== 200) throw Object.assign(new Error(`reading the status of ${app.name} failed: ${reason(res)}`), { status: res.status });
  return res.body;
}

/**
 * The microservice named `name`, created when missing (type MICROSERVICE, key `<name>-key`, plus
 * `fields` such as the manifest's roles). @returns it, and whether this call created it.
 * @throws Error when an application of that name has another type, or the create is refused.
 */
async function findOrCreateMicroservice(platform, name, say, fields = {}) {
  const found = await applicationByName(platform, name);
  if (found) {
    if (found.type !== 'MICROSERVICE') throw new Error(`an application named ${name} exists with type ${found.type}`);
    say(`found application ${name} (id ${found.id})`);
    return { app: found, created: false };
  }
  const created = await platform.request('/application/applications', { method: 'POST', body: { ...fields, name, key: `${name}-key`, type: 'MICROSERVICE' } });
  if (created.status !== 201) throw new Error(`creating ${name} failed: ${reason(created)}`);
  say(`created application ${name} (id ${created.body.id})`);
  return { app: created.body, created: true };
}

/** Subscribes `tenant`, retrying while the subscription service does not know the new application yet (404). */
async function subscribeTenant(platform, app, tenant, deadline, say) {
  for (;;) {
    const res = await platform.request(`/tenant/tenants/${tenant}/applications`, { method: 'POST', body: { application: { id: String(app.id) } } });
    if (res.status === 201) return say(`subscribed tenant ${tenant}`);
    if (res.status === 409) return say(`tenant ${tenant} was already subscribed`);
    if (res.status !== 404 || Date.now() > deadline) throw new Error(`subscribing ${tenant} failed: ${reason(res)}`);
    await sleep(500);
  }
}

/**
 * The microservice's bootstrap credentials (docs/api/applications.md#bootstrap-users), asked again
 * while the platform answers 503 (the user not made yet) until `deadline`.
 * @returns {{ tenant, user, password }}
 */
async function bootstrapCredentials(platform, app, deadline) {
  for (;;) {
    const res = await platform.request(`/application/applications/${app.id}/bootstrapUser`, { accept: 'application/vnd.com.nsn.cumulocity.user+json' });
    if (res.status === 200) return { tenant: String(res.body.tenant), user: String(res.body.name), password: String(res.body.password) };
    if (res.status !== 503 || Date.now() > deadline) throw new Error(`reading the bootstrap user of ${app.name} failed: ${reason(res)}`);
    await sleep(1000);
  }
}

module.exports = { applicationByName, microservice, activeVersion, deploymentStatus, findOrCreateMicroservice, subscribeTenant, bootstrapCredentials };
