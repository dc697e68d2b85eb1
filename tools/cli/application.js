// Finding a microservice application by name, and what its resource says about its versions
// (docs/api/applications.md).
const { reason } = require('./platform');

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

module.exports = { applicationByName, microservice, activeVersion, deploymentStatus };
