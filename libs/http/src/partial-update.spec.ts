import { DomainError } from './domain-error';
import { applyPartialUpdate, partialUpdate, ResourceFields, toMongoUpdate } from './partial-update';

const fields: ResourceFields = {
  resource: 'applications', readOnly: ['id', 'self', 'owner'], immutable: ['type'],
  subResources: ['applicationVersions'], required: ['name', 'key'],
};
const current = { name: 'a', key: 'a-key', type: 'HOSTED', description: 'd', config: { x: 1 }, applicationVersions: [{ version: '1' }] };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('partialUpdate', () => {
  it('changes only the fields sent, and removes a field sent as null', () => {
    const update = partialUpdate({ availability: 'MARKET', description: null }, fields, current);
    expect(update).toEqual({ $set: { availability: 'MARKET' }, $unset: { description: '' }, changed: ['availability', 'description'] });
    expect(toMongoUpdate(update)).toEqual({ $set: { availability: 'MARKET' }, $unset: { description: '' } });
    expect(applyPartialUpdate(current, update)).toMatchObject({ name: 'a', availability: 'MARKET' });
    expect('description' in applyPartialUpdate(current, update)).toBe(false);
  });

  it('ignores read-only fields and values equal to the current ones (a fetched resource PUT back)', () => {
    const update = partialUpdate({ ...current, id: '9', self: 'http://x', owner: { tenant: { id: 'other' } } }, fields, current);
    expect(update.changed).toEqual([]);
    expect(toMongoUpdate(update)).toEqual({});
  });

  it('replaces a nested object whole', () => {
    expect(partialUpdate({ config: { y: 2 } }, fields, current).$set).toEqual({ config: { y: 2 } });
  });

  it('treats null for an absent field as no change', () => {
    expect(partialUpdate({ externalUrl: null }, fields, current).changed).toEqual([]);
  });

  it.each([
    ['a non-object body', 'x', /JSON object/],
    ['an array body', [1], /JSON object/],
    ['a null body', null, /JSON object/],
    ['a change of an immutable field', { type: 'EXTERNAL' }, /type cannot be changed/],
    ['a change of a sub-resource', { applicationVersions: [] }, /own URI/],
    ['null for a required field', { name: null }, /name cannot be removed/],
    ['an operator as field name', { $where: 1 }, /valid field name/],
    ['a dotted field name', { 'config.x': 2 }, /valid field name/],
    ['an internal field', { _outbox: [] }, /valid field name/],
  ])('refuses %s with 422', (_case, body, message) => {
    const err = refusal(() => partialUpdate(body, fields, current));
    expect(err.status).toBe(422);
    expect(err.code).toBe('applications/Unprocessable Entity');
    expect(err.message).toMatch(message);
  });
});
