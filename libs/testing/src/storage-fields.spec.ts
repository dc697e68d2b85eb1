import { storageFields } from './gateway-client';

describe('storageFields: the check every answer read through the test client passes', () => {
  it('finds `_`-prefixed properties at any depth, in objects and arrays', () => {
    expect(storageFields({ id: '1', _outbox: [], nested: { list: [{ ok: 1 }, { _id: 'x' }] } })).toEqual(['$._outbox', '$.nested.list[1]._id']);
  });

  it('passes representations without them, and bodies that are not objects', () => {
    expect(storageFields({ id: '1', self: 'http://h/x', customProperties: { a: [1, 'b'] } })).toEqual([]);
    expect(storageFields('text')).toEqual([]);
    expect(storageFields(undefined)).toEqual([]);
  });
});
