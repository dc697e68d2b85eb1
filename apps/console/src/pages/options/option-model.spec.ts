import { editableBody, groupByCategory, isLocked, isManagementTenant, isSecretKey, optionFilterFromQuery, optionId, optionToWrite, shownValue } from './option-model';

describe('the options page', () => {
  it('takes keys starting with credentials. as secrets and never shows their value', () => {
    expect(isSecretKey('credentials.apiToken')).toBe(true);
    expect(isSecretKey('my.credentials.token')).toBe(false);
    expect(shownValue({ category: 'svc', key: 'credentials.apiToken' })).toBe('••••• (secret)');
    expect(shownValue({ category: 'svc', key: 'credentials.apiToken', value: 'plain-if-answered' })).toBe('••••• (secret)');
    expect(shownValue({ category: 'svc', key: 'greeting', value: 'hello' })).toBe('hello');
    expect(shownValue({ category: 'svc', key: 'greeting' })).toBe('');
  });

  it('reads a lock in both forms the platform uses', () => {
    expect(isLocked({ category: 'c', key: 'k', editable: false })).toBe(true);
    expect(isLocked({ category: 'c', key: 'k', editable: 'false' })).toBe(true);
    expect(isLocked({ category: 'c', key: 'k', editable: true })).toBe(false);
    expect(isLocked({ category: 'c', key: 'k' })).toBe(false);
    expect(editableBody(false)).toEqual({ editable: 'false' });
  });

  it('reads the filter from the URL', () => {
    expect(optionFilterFromQuery(new URLSearchParams('category=%20messaging%20&page=2'))).toEqual({ category: 'messaging', page: 2 });
    expect(optionFilterFromQuery(new URLSearchParams('page=zero'))).toEqual({ category: undefined, page: 1 });
  });

  it('names an option by its category and key', () => {
    expect(optionId({ category: 'access.control', key: 'allow.origin' })).toBe('access.control/allow.origin');
  });

  it('groups options by category, both in alphabetical order', () => {
    const groups = groupByCategory([
      { category: 'svc', key: 'b' }, { category: 'access.control', key: 'allow.origin' }, { category: 'svc', key: 'a' },
    ]);
    expect(groups.map((g) => [g.category, g.options.map((o) => o.key)])).toEqual([['access.control', ['allow.origin']], ['svc', ['a', 'b']]]);
    expect(groupByCategory([])).toEqual([]);
  });

  it('checks a draft before it is written: names required, a secret needs a new value', () => {
    expect(optionToWrite({ category: ' svc ', key: ' greeting ', value: ' hi ' })).toEqual({ option: { category: 'svc', key: 'greeting', value: ' hi ' } });
    expect(optionToWrite({ category: '', key: 'k', value: 'v' })).toEqual({ problem: 'Enter a category.' });
    expect(optionToWrite({ category: 'c', key: ' ', value: 'v' })).toEqual({ problem: 'Enter a key.' });
    expect(optionToWrite({ category: 'c', key: 'credentials.token', value: '' })).toEqual({ problem: expect.stringMatching(/new value/) });
    expect(optionToWrite({ category: 'c', key: 'plain', value: '' })).toEqual({ option: { category: 'c', key: 'plain', value: '' } });
  });

  it('knows the management tenant by its right to create tenants', () => {
    expect(isManagementTenant({ allowCreateTenants: true })).toBe(true);
    expect(isManagementTenant({ allowCreateTenants: false })).toBe(false);
    expect(isManagementTenant(undefined)).toBe(false);
  });
});
