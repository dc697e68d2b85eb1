// berth microservice versions [name]: the versions of a microservice, the active one marked with *
// (docs/api/applications.md#binaries-and-versions).
const { reason } = require('../platform');
const { microservice } = require('../application');
const { table } = require('../output');

async function run({ platform, args, out }) {
  const app = await microservice(platform, args.name);
  const res = await platform.request(`/application/applications/${app.id}/versions`);
  if (res.status !== 200) throw new Error(`listing the versions of ${app.name} failed: ${reason(res)}`);
  const versions = res.body.applicationVersions ?? [];
  if (versions.length === 0) { out(`${app.name} has no versions`); return 0; }
  const rows = versions.map((v) => [v.binaryId === app.activeVersionId ? '*' : '', v.version, v.tags?.length ? v.tags.join(',') : '-', v.created ?? '-', v.binaryId]);
  for (const line of table([['', 'VERSION', 'TAGS', 'CREATED', 'BINARY'], ...rows])) out(line);
  return 0;
}

module.exports = { run };
