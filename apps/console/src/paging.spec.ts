import { hasNextPage, pageOf, pageParams, readAllPages } from './paging';

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

  it('reads a whole collection page after page until a short page', async () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const all = await readAllPages(async ({ pageSize, currentPage }) => {
      asked.push(currentPage);
      return items.slice((currentPage - 1) * pageSize, currentPage * pageSize);
    }, 3);
    expect(all).toEqual(items);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const asked: number[] = [];
    const all = await readAllPages(async ({ currentPage }) => {
      asked.push(currentPage);
      return currentPage === 1 ? ['a', 'b'] : [];
    }, 2);
    expect(all).toEqual(['a', 'b']);
    expect(asked).toEqual([1, 2]);
  });
});
