import type { ServiceRouteV1 } from '@berth/contracts';
import { ServiceRouteTable } from './service-route-table';

const route = (extra: Partial<ServiceRouteV1> = {}): ServiceRouteV1 => ({
  name: 'hello', applicationId: '1', isolation: 'MULTI_TENANT', tenants: ['t1'], endpoints: { '*': ['http://127.0.0.1:1', 'http://127.0.0.1:2'] }, revision: 10, ...extra,
});

describe('ServiceRouteTable', () => {
  it('answers unknown, not subscribed, down, or an endpoint, balancing over the healthy ones', () => {
    const table = new ServiceRouteTable();
    table.apply(route());
    expect(table.target('other', 't1')).toEqual({ kind: 'unknown' });
    expect(table.target('hello', 't2')).toEqual({ kind: 'not-subscribed' });
    const picked = new Set([1, 2, 3, 4].map(() => (table.target('hello', 't1') as { endpoint: string }).endpoint));
    expect([...picked].sort()).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2']);
    table.apply(route({ revision: 11, endpoints: { '*': [] } }));
    expect(table.target('hello', 't1')).toEqual({ kind: 'down' });
    expect(table.target('hello', undefined)).toEqual({ kind: 'down' });
  });

  it('keeps PER_TENANT endpoints apart, ignores older routes and forgets removed ones', () => {
    const table = new ServiceRouteTable();
    table.apply(route({ isolation: 'PER_TENANT', tenants: ['t1', 't2'], endpoints: { t1: ['http://127.0.0.1:1'], t2: [] } }));
    expect(table.target('hello', 't1')).toEqual({ kind: 'endpoint', endpoint: 'http://127.0.0.1:1' });
    expect(table.target('hello', 't2')).toEqual({ kind: 'down' });
    expect(table.target('hello', undefined)).toEqual({ kind: 'endpoint', endpoint: 'http://127.0.0.1:1' });
    expect(table.apply(route({ revision: 9, removed: true }))).toBe(false);
    expect(table.endpoints()).toEqual(new Set(['http://127.0.0.1:1']));
    expect(table.apply(route({ revision: 12, removed: true }))).toBe(true);
    expect(table.target('hello', 't1')).toEqual({ kind: 'unknown' });
  });
});

describe('ServiceRouteTable.downAnswer', () => {
  it('serves the route\'s own health answer with its status DOWN, the tenant\'s for PER_TENANT, and none for what is not a JSON object', () => {
    const table = new ServiceRouteTable();
    const sick = '{"status":"UP","details":{"database":{"status":"DOWN","reason":"connection refused"}}}';
    table.apply(route({ endpoints: { '*': [] }, health: { '*': sick } }));
    expect(JSON.parse(table.downAnswer('hello', undefined)!.toString())).toEqual({ status: 'DOWN', details: { database: { status: 'DOWN', reason: 'connection refused' } } });
    expect(table.downAnswer('hello', 't1')).toEqual(table.downAnswer('hello', undefined));
    expect(table.downAnswer('other', undefined)).toBeUndefined();

    table.apply(route({ revision: 11, isolation: 'PER_TENANT', tenants: ['t1', 't2'], endpoints: { t1: [], t2: [] }, health: { t2: '{"status":"DOWN","details":{"t2":1}}' } }));
    expect(JSON.parse(table.downAnswer('hello', 't2')!.toString())).toEqual({ status: 'DOWN', details: { t2: 1 } });
    expect(JSON.parse(table.downAnswer('hello', 't1')!.toString())).toEqual({ status: 'DOWN', details: { t2: 1 } });

    table.apply(route({ revision: 12, endpoints: { '*': [] }, health: { '*': '[1,2]' } }));
    expect(table.downAnswer('hello', undefined)).toBeUndefined();
    table.apply(route({ revision: 13, endpoints: { '*': [] }, health: { '*': 'not json' } }));
    expect(table.downAnswer('hello', undefined)).toBeUndefined();
    table.apply(route({ revision: 14, endpoints: { '*': [] }, health: { '*': sick } }));
    table.apply(route({ revision: 15 }));
    expect(table.downAnswer('hello', undefined)).toBeUndefined();
  });
});
