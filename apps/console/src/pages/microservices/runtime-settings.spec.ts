import { isolationOf, optionPath, readOnlyReason, runtimeChanges, runtimeRows } from './runtime-settings';

describe('runtime settings of a microservice', () => {
  it('takes the owner\'s option over the manifest, and the platform\'s defaults when neither says', () => {
    const rows = runtimeRows('hello', { replicas: 2, resources: { memory: '256M' } }, { 'hello.memory': '1Gi', 'other.cpu': '2' });
    expect(rows.map((r) => [r.key, r.manifestValue, r.optionValue, r.effective])).toEqual([
      ['hello.replicas', '2', undefined, '2'],
      ['hello.cpu', '0.5', undefined, '0.5'],
      ['hello.memory', '256M', '1Gi', '1Gi'],
    ]);
    expect(runtimeRows('hello', undefined, {})[0].effective).toBe('1');
  });

  it('writes only what changed; an emptied field deletes its option', () => {
    const rows = runtimeRows('hello', {}, { 'hello.cpu': '1', 'hello.memory': '1Gi' });
    expect(runtimeChanges(rows, { replicas: ' 3 ', cpu: '', memory: '1Gi' })).toEqual([
      { key: 'hello.replicas', value: '3' },
      { key: 'hello.cpu' },
    ]);
    expect(runtimeChanges(rows, {})).toEqual([]);
    expect(runtimeChanges(rows, { replicas: '' })).toEqual([]);
  });

  it('says why the settings cannot be changed', () => {
    const admin = new Set(['ROLE_OPTION_MANAGEMENT_ADMIN']);
    expect(readOnlyReason('t1', 't1', admin)).toBeUndefined();
    expect(readOnlyReason('management', 't1', admin)).toMatch(/owner tenant \(management\)/);
    expect(readOnlyReason('t1', 't1', new Set(['ROLE_OPTION_MANAGEMENT_READ']))).toMatch(/ROLE_OPTION_MANAGEMENT_ADMIN/);
  });

  it('reads the isolation from the manifest, MULTI_TENANT when it names none', () => {
    expect(isolationOf({ isolation: 'PER_TENANT' })).toBe('PER_TENANT');
    expect(isolationOf(undefined)).toBe('MULTI_TENANT');
  });

  it('addresses the option by category and key', () => {
    expect(optionPath('hello-microservice.replicas')).toBe('/tenant/options/microservice.runtime/hello-microservice.replicas');
  });
});
