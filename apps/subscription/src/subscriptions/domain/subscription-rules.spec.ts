import type { Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import {
  checkDependencies, checkManager, checkReader, checkUnsubscribable, checkVisible, referencedApplicationId,
} from './subscription-rules';
import type { KnownApplication } from './subscription';

const user = (tenant: string, roles: string[]): Principal => ({ tenant, user: 'u', roles, kind: 'user' });
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof DomainError ? `${err.status} ${err.code}: ${err.message}` : String(err);
  }
};
const app = (fields: Partial<KnownApplication>): KnownApplication => ({ _id: '1', name: 'a', type: 'MICROSERVICE', owner: 'o', deleted: false, version: 1, ...fields });

describe('subscription rules', () => {
  it('lets the tenant itself with an application admin role, or the management tenant with the tenant admin role, manage', () => {
    expect(code(() => checkManager(user('t1', ['ROLE_APPLICATION_MANAGEMENT_ADMIN']), 't1', 'management'))).toBe('ok');
    expect(code(() => checkManager(user('t1', ['ROLE_APPLICATION_MANAGMENT_ADMIN']), 't1', 'management'))).toBe('ok');
    expect(code(() => checkManager(user('management', ['ROLE_TENANT_MANAGEMENT_ADMIN']), 't1', 'management'))).toBe('ok');
    expect(code(() => checkManager(user('t1', ['ROLE_APPLICATION_MANAGEMENT_READ']), 't1', 'management'))).toMatch(/^403 security\/Forbidden/);
    expect(code(() => checkManager(user('t2', ['ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_TENANT_MANAGEMENT_ADMIN']), 't1', 'management'))).toMatch(/^403 security\/Forbidden/);
    expect(code(() => checkManager(user('management', ['ROLE_APPLICATION_MANAGEMENT_ADMIN']), 't1', 'management'))).toMatch(/^403/);
    expect(code(() => checkReader(user('t1', ['ROLE_APPLICATION_MANAGEMENT_READ']), 't1', 'management'))).toBe('ok');
    expect(code(() => checkReader(user('management', ['ROLE_TENANT_MANAGEMENT_READ']), 't1', 'management'))).toBe('ok');
    expect(code(() => checkReader(user('t2', ['ROLE_APPLICATION_MANAGEMENT_READ']), 't1', 'management'))).toMatch(/^403/);
  });

  it('reads the application id from each of the three body shapes', () => {
    expect(referencedApplicationId({ application: { id: '42' } })).toBe('42');
    expect(referencedApplicationId({ application: { id: 42 } })).toBe('42');
    expect(referencedApplicationId({ application: { self: 'https://x.example/application/applications/77' } })).toBe('77');
    expect(referencedApplicationId({ application: { self: 'https://x.example/application/applications/77/' } })).toBe('77');
    expect(referencedApplicationId({ application: { id: '5', self: 'https://x.example/application/applications/5' } })).toBe('5');
    for (const body of [
      {}, null, 'x', { application: [] }, { application: {} }, { application: { id: '' } }, { application: { self: 'https://x.example/' } },
      // A field of the wrong type is refused even where the other would do (fuzzing: a valid id with an object self was accepted).
      { application: { id: '6', self: {} } }, { application: { id: true, self: '/application/applications/6' } },
    ]) {
      expect(code(() => referencedApplicationId(body))).toMatch(/^422 applications\/Unprocessable Entity/);
    }
  });

  it('takes a blank id as absent, reads a self with a query or a bad escape, and refuses a self not ending in /applications/<id> (fuzzing)', () => {
    expect(referencedApplicationId({ application: { id: '\u3000', self: '/application/applications/8' } })).toBe('8');
    expect(referencedApplicationId({ application: { self: '/application/applications/9?x=1' } })).toBe('9');
    expect(referencedApplicationId({ application: { self: '/application/applications/%E0%A4%A' } })).toBe('%E0%A4%A');
    for (const self of ['', 'https://x.example/77', '/applications/', '/applications//']) {
      expect(code(() => referencedApplicationId({ application: { id: ' ', self } }))).toMatch(/^422 applications\/Unprocessable Entity/);
    }
  });

  it('answers 404, as for an absent one, for an application the tenant does not see', () => {
    const tenant = (id: string, parent?: string) => ({ _id: id, ...(parent ? { parent } : {}), deleted: false, version: 1 });
    const visible = (a: KnownApplication | undefined, t: ReturnType<typeof tenant>) => code(() => checkVisible(a, '1', t, 'm'));
    expect(visible(app({ availability: 'PRIVATE', owner: 'o' }), tenant('o'))).toBe('ok');
    expect(visible(app({ availability: 'MARKET', owner: 'm' }), tenant('t'))).toBe('ok');
    expect(visible(app({ availability: 'MARKET', owner: 'o' }), tenant('t', 'o'))).toBe('ok');
    const notFound = '404 applications/Not Found: Application with id 1 not found';
    expect(visible(app({ availability: 'MARKET', owner: 'o' }), tenant('t'))).toBe(notFound);
    expect(visible(app({ availability: 'MARKET', owner: 'o' }), tenant('t', 'm'))).toBe(notFound);
    expect(visible(app({ availability: 'PRIVATE', owner: 'o' }), tenant('t', 'o'))).toBe(notFound);
    expect(visible(undefined, tenant('t'))).toBe(notFound);
  });

  it('names the missing dependency on subscribe', () => {
    const smartrule = { name: 'smartrule', dependencies: [{ anyOf: ['cep', 'cep-small'] }] };
    expect(code(() => checkDependencies(smartrule, []))).toBe('409 applications/Update Conflict: smartrule needs a subscription to one of cep, cep-small first');
    expect(code(() => checkDependencies(smartrule, ['cep-small']))).toBe('ok');
    expect(code(() => checkDependencies({ name: 'feature-cep-custom-rules', dependencies: [{ anyOf: ['cep-small'] }] }, ['cep'])))
      .toBe('409 applications/Update Conflict: feature-cep-custom-rules needs a subscription to cep-small first');
    expect(code(() => checkDependencies({ name: 'x' }, []))).toBe('ok');
  });

  it('refuses to end a subscription another one depends on, unless an alternative stays', () => {
    const subs = [{ applicationName: 'cep' }, { applicationName: 'smartrule', dependencies: [{ anyOf: ['cep', 'cep-small'] }] }];
    expect(code(() => checkUnsubscribable('cep', subs))).toMatch(/^409 .*smartrule needs a subscription to one of cep, cep-small; unsubscribe smartrule first/);
    expect(code(() => checkUnsubscribable('cep', [...subs, { applicationName: 'cep-small' }]))).toBe('ok');
    expect(code(() => checkUnsubscribable('smartrule', subs))).toBe('ok');
  });
});
