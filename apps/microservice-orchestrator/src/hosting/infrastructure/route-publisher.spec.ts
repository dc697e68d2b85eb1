import type { DeploymentDocument } from '../domain/deployment';
import { routesOf } from './route-publisher';

const instance = (id: string, endpoint: string | undefined, healthy = true) => ({ id, name: id, healthy, failures: 0, startedAt: '2026-01-01T00:00:00Z', ...(endpoint ? { endpoint } : {}) });

describe('routesOf', () => {
  it('routes to the healthy instances\' endpoints, each once: pods behind one Service share its address', () => {
    const d = {
      applicationId: 'a1', name: 'hello', isolation: 'MULTI_TENANT', tenants: ['t1'],
      instances: [instance('p1', 'http://berth-hello.berth-hosted.svc:80'), instance('p2', 'http://berth-hello.berth-hosted.svc:80'), instance('p3', 'http://127.0.0.1:32001'), instance('p4', 'http://127.0.0.1:32002', false), instance('p5', undefined)],
    } as unknown as DeploymentDocument;
    expect(routesOf([d])).toEqual([{
      name: 'hello', applicationId: 'a1', isolation: 'MULTI_TENANT', tenants: ['t1'],
      endpoints: { '*': ['http://berth-hello.berth-hosted.svc:80', 'http://127.0.0.1:32001'] },
    }]);
  });

  it('carries, where no instance is healthy, the /health answer of the newest instance that has one', () => {
    const sick = (id: string, startedAt: string, health?: string) => ({ ...instance(id, `http://127.0.0.1:${id.length}`, false), startedAt, ...(health ? { health } : {}) });
    const d = {
      applicationId: 'a1', name: 'hello', isolation: 'PER_TENANT', tenants: ['t1'], tenant: 't1',
      instances: [sick('old', '2026-01-01T00:00:00Z', '{"status":"DOWN","n":1}'), sick('newer', '2026-01-01T00:01:00Z', '{"status":"DOWN","n":2}'), sick('newest', '2026-01-01T00:02:00Z')],
    } as unknown as DeploymentDocument;
    const up = { ...d, tenant: 't2', tenants: ['t2'], instances: [{ ...instance('up', 'http://127.0.0.1:9'), health: '{"status":"DOWN"}' }] } as unknown as DeploymentDocument;
    expect(routesOf([d, up])).toEqual([{
      name: 'hello', applicationId: 'a1', isolation: 'PER_TENANT', tenants: ['t1', 't2'],
      endpoints: { t1: [], t2: ['http://127.0.0.1:9'] }, health: { t1: '{"status":"DOWN","n":2}' },
    }]);
  });
});
