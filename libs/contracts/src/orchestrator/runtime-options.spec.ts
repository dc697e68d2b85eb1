import { parseRuntimeOption, runtimeOverrides } from './runtime-options';

const problem = (key: string, value: string) => {
  const check = parseRuntimeOption(key, value);
  return check.ok ? undefined : check.problem;
};

describe('microservice runtime options', () => {
  it('takes the three settings of an application within their bounds', () => {
    expect(parseRuntimeOption('hello.replicas', ' 2 ')).toEqual({ ok: true, option: { application: 'hello', setting: 'replicas', value: '2' } });
    expect(parseRuntimeOption('my.app.cpu', '250m')).toEqual({ ok: true, option: { application: 'my.app', setting: 'cpu', value: '250m' } });
    for (const value of ['1', '5']) expect(problem('a.replicas', value)).toBeUndefined();
    for (const value of ['10m', '0.01', '0.5', '8', '8000m']) expect(problem('a.cpu', value)).toBeUndefined();
    for (const value of ['64M', '64Mi', '128M', '1Gi', '16Gi']) expect(problem('a.memory', value)).toBeUndefined();
  });

  it.each([
    ['hello', '1'], ['hello.disk', '1'], ['.replicas', '1'], ['replicas', '1'], ['hello.replicas.x', '1'],
  ])('refuses the key %j as an unknown setting', (key, value) => {
    expect(problem(key, value)).toMatch(/^not a runtime setting; use <applicationName>.replicas/);
  });

  it.each([
    ['replicas', '0', /whole number from 1 to 5/], ['replicas', '6', /1 to 5/], ['replicas', '1.5', /whole number/], ['replicas', 'two', /whole number/],
    ['cpu', '0', /from 10m to 8/], ['cpu', '5m', /from 10m/], ['cpu', '9', /to 8/], ['cpu', 'fast', /CPU quantity/], ['cpu', '-1', /CPU quantity/],
    ['memory', '63M', /from 64M to 16Gi/], ['memory', '17Gi', /16Gi/], ['memory', '1TB', /memory quantity/], ['memory', '', /memory quantity/],
  ])('refuses %s %j', (setting, value, expected) => {
    expect(problem(`hello.${setting}`, value)).toMatch(expected);
  });

  it('makes overrides from valid options, replicas as a number', () => {
    expect(runtimeOverrides([])).toEqual({});
    expect(runtimeOverrides([{ setting: 'replicas', value: '3' }, { setting: 'memory', value: '256M' }, { setting: 'cpu', value: '1' }]))
      .toEqual({ replicas: 3, memory: '256M', cpu: '1' });
  });
});
