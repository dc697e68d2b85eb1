import { owningApp } from './route-table';

describe('owningApp', () => {
  it.each([
    ['/application', 'application-registry'],
    ['/application/applications', 'application-registry'],
    ['/application/applications/12/binaries', 'application-registry'],
    ['/application/applicationsByName/cockpit', 'application-registry'],
    ['/application/currentApplication', 'application-registry'],
    ['/apps', 'application-registry'],
    ['/apps/administration/', 'application-registry'],
    ['/apps/administration/assets/index-3f2a9c1d.js', 'application-registry'],
    ['/application/currentApplication/subscriptions', 'subscription'],
    ['/tenant/tenants/t1/applications', 'subscription'],
    ['/tenant/tenants/t1/applications/12', 'subscription'],
    ['/tenant/tenants', 'tenant-options'],
    ['/tenant/statistics', 'tenant-options'],
    ['/tenant/statistics/summary', 'tenant-options'],
    ['/tenant/tenants/t1', 'tenant-options'],
    ['/tenant/currentTenant', 'tenant-options'],
    ['/tenant/options/messaging/provider', 'tenant-options'],
    ['/tenant/loginOptions', 'tenant-options'],
    ['/tenant/oauth/token', 'tenant-options'],
    ['/user/currentUser', 'tenant-options'],
    ['/application/applications/12/status', 'microservice-orchestrator'],
    ['/application/applications/12/logs/inst-1', 'microservice-orchestrator'],
    ['/service/messaging/smsmessaging/outbound/tel:+49/requests', 'sms-adapter'],
  ])('%s → %s', (path, app) => {
    expect(owningApp(path)).toBe(app);
  });

  it.each(['/', '/applications', '/appsx', '/tenant/statistics/applicationUsage', '/tenant/statistics/applicationUsage/', '/tenantx', '/service/hello/health', '/inventory/managedObjects', '/openapi.json', '/api-docs', '/api-docs/swagger-ui.css'])('%s has no owner', (path) => {
    expect(owningApp(path)).toBeUndefined();
  });
});
