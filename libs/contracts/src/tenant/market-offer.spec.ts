import { isOfferedTo, marketOwnersFor } from './market-offer';

const M = 'management';

describe('market offer', () => {
  it('offers the management tenant\'s MARKET applications to all and a parent\'s to its children', () => {
    expect(marketOwnersFor({ id: M }, M)).toEqual([M]);
    expect(marketOwnersFor({ id: 'a' }, M)).toEqual([M]);
    expect(marketOwnersFor({ id: 'a', parent: null }, M)).toEqual([M]);
    expect(marketOwnersFor({ id: 'a', parent: M }, M)).toEqual([M]);
    expect(marketOwnersFor({ id: 'c', parent: 'b' }, M)).toEqual([M, 'b']);
  });

  it('shows a tenant its own applications and the MARKET ones offered to it, nothing else', () => {
    const app = (owner: string, availability: string) => ({ owner, availability });
    expect(isOfferedTo(app('a', 'PRIVATE'), { id: 'a' }, M)).toBe(true);
    expect(isOfferedTo(app(M, 'MARKET'), { id: 'a' }, M)).toBe(true);
    expect(isOfferedTo(app(M, 'PRIVATE'), { id: 'a' }, M)).toBe(false);
    expect(isOfferedTo(app('b', 'MARKET'), { id: 'a' }, M)).toBe(false);
    expect(isOfferedTo(app('b', 'MARKET'), { id: 'a', parent: M }, M)).toBe(false);
    expect(isOfferedTo(app('b', 'MARKET'), { id: 'c', parent: 'b' }, M)).toBe(true);
    expect(isOfferedTo(app('b', 'PRIVATE'), { id: 'c', parent: 'b' }, M)).toBe(false);
    expect(isOfferedTo(app('b', 'MARKET'), { id: M }, M)).toBe(false);
  });
});
