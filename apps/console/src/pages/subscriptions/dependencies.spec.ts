import { dependenciesOf, describeDependency, missingDependencies } from './dependencies';

describe('subscription dependencies', () => {
  const smartrule = { name: 'smartrule', dependencies: [{ anyOf: ['cep', 'cep-small'] }] };

  it('names what is missing before the platform refuses', () => {
    expect(missingDependencies(smartrule, new Set(['administration']))).toEqual([{ anyOf: ['cep', 'cep-small'] }]);
    expect(missingDependencies(smartrule, new Set(['cep-small']))).toEqual([]);
    expect(describeDependency({ anyOf: ['cep', 'cep-small'] })).toBe('cep or cep-small');
  });

  it('reads no dependency from an application without any, or with malformed ones', () => {
    expect(dependenciesOf({})).toEqual([]);
    expect(dependenciesOf({ dependencies: [null, { anyOf: 'cep' }, { anyOf: [] }, { anyOf: ['cep', 7] }] })).toEqual([{ anyOf: ['cep'] }]);
  });
});
