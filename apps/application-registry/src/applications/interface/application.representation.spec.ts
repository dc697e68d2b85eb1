import { DomainError } from '@berth/http';
import { applicationResource, parseApplicationPage, parseCriteria } from './application.representation';

describe('application representation', () => {
  it('shows id, self and owner, hides secrets and store fields, and gives microservices role lists', () => {
    const resource = applicationResource({
      _id: '12', name: 'a', key: 'k', type: 'MICROSERVICE', availability: 'PRIVATE', owner: 't1', _version: 3,
      resourcesPassword: 'secret', _outbox: [], description: 'd',
    }, 'https://b.example');
    expect(resource).toEqual({
      id: '12', self: 'https://b.example/application/applications/12', name: 'a', key: 'k', type: 'MICROSERVICE', availability: 'PRIVATE',
      owner: { self: 'https://b.example/tenant/tenants/t1', tenant: { id: 't1' } }, description: 'd', requiredRoles: [], roles: [],
    });
  });

  it('reads the collection filters clients send and ignores other parameters', () => {
    expect(parseCriteria({ name: 'n', owner: 'o', providedFor: 'p', subscriber: 's', tenant: 't', user: 'u', type: 'HOSTED, EXTERNAL', hasVersions: 'TRUE', dropOverwrittenApps: 'true' }))
      .toEqual({ name: 'n', owner: 'o', providedFor: 'p', subscriber: 's', tenant: 't', user: 'u', type: ['HOSTED', 'EXTERNAL'], hasVersions: true });
    expect(() => parseCriteria({ hasVersions: 'x' })).toThrow(DomainError);
  });

  it('gives noPaging the largest page unless pageSize is sent', () => {
    expect(parseApplicationPage({ noPaging: 'true' }).pageSize).toBe(2000);
    expect(parseApplicationPage({ noPaging: 'true', pageSize: '7' }).pageSize).toBe(7);
    expect(parseApplicationPage({}).pageSize).toBe(5);
  });
});
