import type { ApplicationDocument } from './application';
import { resolveSettings, settingsCategory } from './application-settings';

const app = (fields: Partial<ApplicationDocument>): ApplicationDocument =>
  ({ _id: '1', name: 'hello', key: 'hello-key', type: 'MICROSERVICE', availability: 'PRIVATE', owner: 't1', _version: 1, ...fields });

describe('microservice settings', () => {
  it('live in the manifest\'s settingsCategory, else the context path, else the name', () => {
    expect(settingsCategory(app({ manifest: { settingsCategory: 'cat', contextPath: 'ctx' }, contextPath: 'top' }))).toBe('cat');
    expect(settingsCategory(app({ contextPath: 'top', manifest: { contextPath: 'ctx' } }))).toBe('top');
    expect(settingsCategory(app({ manifest: { contextPath: 'ctx' } }))).toBe('ctx');
    expect(settingsCategory(app({ manifest: { settingsCategory: '' } }))).toBe('hello');
  });

  it('are the declared defaults overridden by the category\'s options, all of which are included', () => {
    const ms = app({ manifest: { settings: [
      { key: 'a', defaultValue: 'x' }, { key: 'b', defaultValue: 'y' }, { key: 'n', defaultValue: 5 }, { key: 'none', editable: true }, { nokey: 1 },
    ] } });
    expect(resolveSettings(ms, { b: 'set', extra: 'e' })).toEqual({ a: 'x', b: 'set', n: '5', extra: 'e' });
    expect(resolveSettings(app({}), { only: '1' })).toEqual({ only: '1' });
  });
});
