import { DomainError } from '@berth/http';
import { checkApplication, checkDeletable, checkStorable, isVisibleTo, mayChange, visibleFilter } from './application-rules';
import { cloneNames, firstFreeClone } from './clone-naming';
import { KNOWN_APPLICATIONS, knownApplicationDocument } from './known-applications';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected a refusal');
}

const base = { name: 'n', key: 'k', availability: 'PRIVATE' as const };

describe('checkApplication', () => {
  it('accepts each type with its required fields', () => {
    expect(() => checkApplication({ ...base, type: 'MICROSERVICE' }, true)).not.toThrow();
    expect(() => checkApplication({ ...base, type: 'APAMA_CEP_RULE' }, true)).not.toThrow();
    expect(() => checkApplication({ ...base, type: 'HOSTED', contextPath: 'c', resourcesUrl: '/' }, true)).not.toThrow();
    expect(() => checkApplication({ ...base, type: 'EXTERNAL', externalUrl: 'http://x' }, true)).not.toThrow();
  });

  it.each([
    [{ key: 'k', type: 'MICROSERVICE', availability: 'PRIVATE' }, /name is required/],
    [{ name: 'n', type: 'MICROSERVICE', availability: 'PRIVATE' }, /key is required/],
    [{ name: 'n', key: 'k', availability: 'PRIVATE' }, /type is required/],
    [{ ...base, type: 'FEATURE' }, /type must be one of/],
    [{ ...base, type: 'WIDGET' }, /type must be one of/],
    [{ ...base, type: 'MICROSERVICE', availability: 'PUBLIC' }, /availability must be one of/],
    [{ ...base, type: 'HOSTED', resourcesUrl: '/' }, /contextPath is required for a HOSTED/],
    [{ ...base, type: 'HOSTED', contextPath: 'c' }, /resourcesUrl is required for a HOSTED/],
    [{ ...base, type: 'EXTERNAL' }, /externalUrl is required for an EXTERNAL/],
    [{ ...base, name: 7, type: 'MICROSERVICE' }, /name must be a non-empty string/],
    [{ ...base, key: ' ', type: 'MICROSERVICE' }, /key must be a non-empty string/],
    [{ ...base, type: 'MICROSERVICE', roles: 'ROLE_X' }, /roles must be a list/],
  ])('refuses %j with 422', (app, message) => {
    const err = refusal(() => checkApplication(app as never, true));
    expect(err.status).toBe(422);
    expect(err.code).toBe('applications/Unprocessable Entity');
    expect(err.message).toMatch(message);
  });

  it('keeps a seeded FEATURE valid on update', () => {
    expect(() => checkApplication({ ...base, type: 'FEATURE' }, false)).not.toThrow();
  });

  it('counts white space as JavaScript does, whatever engine reads the documented pattern (fuzzing)', () => {
    for (const blank of ['\u3000', '\ufeff', '\u2028 \t']) {
      expect(refusal(() => checkApplication({ ...base, type: 'MICROSERVICE', description: blank }, true)).message).toMatch(/description must be a non-empty string/);
    }
    expect(() => checkApplication({ ...base, type: 'MICROSERVICE', description: '\u001c' }, true)).not.toThrow();
  });

  it('refuses removing a field the stored type needs with 409, not 422: the state refuses a well-formed update (fuzzing)', () => {
    const err = refusal(() => checkApplication({ ...base, type: 'HOSTED', resourcesUrl: '/' }, false));
    expect({ status: err.status, code: err.code }).toEqual({ status: 409, code: 'applications/Update Conflict' });
    expect(err.message).toMatch(/contextPath cannot be removed/);
  });
});

describe('checkStorable', () => {
  it('takes nested objects and lists of objects with storable keys', () => {
    expect(() => checkStorable({ config: { a: [1, { b: 'x' }], 'k-1': null }, tags: ['a'] })).not.toThrow();
  });

  it.each([
    [{ config: { 'a.b': 1 } }, /config has the key "a.b"/],
    [{ config: { $set: 1 } }, /config has the key "\$set"/],
    [{ config: { x: { '': 1 } } }, /config.x has the key ""/],
    [{ V: [['a'], []] }, /V\[0\] holds a list inside a list/],
  ])('refuses %j with 422, not a 500 from the store (fuzzing)', (fields, message) => {
    const err = refusal(() => checkStorable(fields));
    expect({ status: err.status, code: err.code }).toEqual({ status: 422, code: 'applications/Unprocessable Entity' });
    expect(err.message).toMatch(message);
  });
});

describe('visibility, ownership and deletion', () => {
  it('shows own, offered MARKET and subscribed applications only', () => {
    expect(isVisibleTo({ owner: 't1', availability: 'PRIVATE' }, { id: 't1' }, 'm', false)).toBe(true);
    expect(isVisibleTo({ owner: 'm', availability: 'MARKET' }, { id: 't2' }, 'm', false)).toBe(true);
    expect(isVisibleTo({ owner: 't1', availability: 'MARKET' }, { id: 't2', parent: 't1' }, 'm', false)).toBe(true);
    expect(isVisibleTo({ owner: 't1', availability: 'MARKET' }, { id: 't2' }, 'm', false)).toBe(false);
    expect(isVisibleTo({ owner: 't1', availability: 'PRIVATE' }, { id: 't2' }, 'm', true)).toBe(true);
    expect(isVisibleTo({ owner: 't1', availability: 'PRIVATE' }, { id: 't2', parent: 't1' }, 'm', false)).toBe(false);
    expect(visibleFilter({ id: 't2', parent: 't1' }, 'm', ['9'])).toEqual({
      $or: [{ owner: 't2' }, { availability: 'MARKET', owner: { $in: ['m', 't1'] } }, { _id: { $in: ['9'] } }],
    });
    expect(mayChange({ owner: 't1' }, 't2')).toBe(false);
  });

  it('deletes PRIVATE ones always, others without subscribers or when forced, else 409 naming the tenants', () => {
    expect(() => checkDeletable({ name: 'a', availability: 'PRIVATE' }, ['t2'], false)).not.toThrow();
    expect(() => checkDeletable({ name: 'a', availability: 'MARKET' }, [], false)).not.toThrow();
    expect(() => checkDeletable({ name: 'a', availability: 'MARKET' }, ['t2'], true)).not.toThrow();
    const err = refusal(() => checkDeletable({ name: 'a', availability: 'MARKET' }, ['t2', 't3'], false));
    expect(err.status).toBe(409);
    expect(err.message).toContain('t2, t3');
  });
});

describe('clone names', () => {
  it('prefixes name, key and contextPath with clone, and numbers later attempts', () => {
    expect(cloneNames({ name: 'a', key: 'a-key', contextPath: 'a' }, 0)).toEqual({ name: 'clonea', key: 'clonea-key', contextPath: 'clonea' });
    expect(cloneNames({ name: 'a', key: 'k' }, 2)).toEqual({ name: 'clonea2', key: 'clonek2' });
  });

  it('finds the first attempt whose names are all free', () => {
    const taken = { name: new Set(['clonea', 'clonea1']), key: new Set(['clonek2']), contextPath: new Set<string>() };
    expect(firstFreeClone({ name: 'a', key: 'k' }, taken, 0, 10)).toBe(3);
    expect(firstFreeClone({ name: 'a', key: 'k' }, taken, 0, 2)).toBeUndefined();
  });
});

describe('known applications', () => {
  it('seeds every known application name once, MARKET, owned by the management tenant', () => {
    const docs = KNOWN_APPLICATIONS.map((k) => knownApplicationDocument(k, 'mgmt'));
    expect(new Set(docs.map((d) => d.name)).size).toBe(17);
    expect(new Set(docs.map((d) => d._id)).size).toBe(17);
    for (const doc of docs) {
      expect(doc).toMatchObject({ owner: 'mgmt', availability: 'MARKET' });
      expect(() => checkApplication(doc, false)).not.toThrow();
    }
    const byName = Object.fromEntries(docs.map((d) => [d.name, d]));
    expect(byName.cockpit.type).toBe('HOSTED');
    expect(byName['feature-broker'].type).toBe('FEATURE');
    expect(byName.cep.type).toBe('MICROSERVICE');
    expect(byName.smartrule.dependencies).toEqual([{ anyOf: ['cep', 'cep-small'] }]);
    expect(byName['feature-cep-custom-rules'].dependencies).toEqual([{ anyOf: ['cep-small'] }]);
  });
});
