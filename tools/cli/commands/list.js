// berth microservice list: the microservices the caller's tenant owns or is subscribed to, with the
// active version and the deployment status of each (docs/api/applications.md, docs/api/hosting.md).
const { reason } = require('../platform');
const { activeVersion, deploymentStatus } = require('../application');
const { table } = require('../output');

const COLLECTION = 'application/vnd.com.nsn.cumulocity.applicationCollection+json';

async function run({ platform, out }) {
  const tenant = await platform.request('/tenant/currentTenant');
  if (tenant.status !== 200) throw new Error(`reading the current tenant failed: ${reason(tenant)}`);
  const res = await platform.request(`/application/applications?type=MICROSERVICE&tenant=${encodeURIComponent(tenant.body.id)}&noPaging=true`, { accept: COLLECTION });
  if (res.status !== 200) throw new Error(`listing the microservices failed: ${reason(res)}`);
  const apps = [...(res.body.applications ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const statuses = await Promise.all(apps.map((app) => deploymentStatus(platform, app)));
  const rows = apps.map((app, i) => {
    const s = statuses[i];
    return [app.name, app.id, activeVersion(app) ?? '-', s?.status ?? '-', s ? `${s.instances.filter((x) => x.healthy).length}/${s.instances.length}` : '-', app.owner?.tenant?.id ?? '-'];
  });
  for (const line of table([['NAME', 'ID', 'VERSION', 'STATUS', 'HEALTHY', 'OWNER'], ...rows])) out(line);
  return 0;
}

module.exports = { run };
