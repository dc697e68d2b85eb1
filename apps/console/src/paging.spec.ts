import { hasNextPage, pageOf, pageParams } from './paging';

describe('paging', () => {
  it('reads the page from the URL, the first page for anything odd', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const odd of ['', 'page=0', 'page=-2', 'page=1.5', 'page=x']) expect(pageOf(new URLSearchParams(odd))).toBe(1);
  });

  it('asks for one page with its total', () => {
    expect(pageParams(2)).toEqual({ pageSize: 10, currentPage: 2, withTotalPages: true });
  });

  it('knows a next page by the total, else by a full page', () => {
    expect(hasNextPage(1, 10, 2)).toBe(true);
    expect(hasNextPage(2, 3, 2)).toBe(false);
    expect(hasNextPage(1, 10)).toBe(true);
    expect(hasNextPage(1, 4)).toBe(false);
  });
});
