import { DomainError } from '@berth/http';
import { parsePageQuery } from './page-query';
import { pageLinks } from './page-resource';

describe('parsePageQuery', () => {
  it('defaults to page 1 of 5, without total pages', () => {
    expect(parsePageQuery({})).toEqual({ pageSize: 5, currentPage: 1, withTotalPages: false, skip: 0 });
  });

  it('cuts pageSize to 2000 and computes the offset', () => {
    expect(parsePageQuery({ pageSize: '5000', currentPage: '3', withTotalPages: 'TRUE' }))
      .toEqual({ pageSize: 2000, currentPage: 3, withTotalPages: true, skip: 4000 });
  });

  it('takes a repeated parameter by its last value', () => {
    expect(parsePageQuery({ pageSize: ['7', '9'], currentPage: ['2', ''], withTotalPages: ['false', 'true'] }))
      .toEqual({ pageSize: 9, currentPage: 1, withTotalPages: true, skip: 0 });
  });

  it.each([
    [{ pageSize: 'abc' }], [{ pageSize: '0' }], [{ pageSize: '-1' }], [{ pageSize: '2.5' }],
    [{ currentPage: '0' }], [{ currentPage: '-3' }], [{ currentPage: 'x' }], [{ currentPage: '99999999999999999999' }], [{ withTotalPages: 'yes' }],
    [{ pageSize: ['x', ''] }], [{ currentPage: ['0', '2'] }], [{ withTotalPages: ['maybe', 'true'] }],
  ])('refuses %j with 422 paging/Unprocessable Entity', (query) => {
    expect.assertions(3);
    try {
      parsePageQuery(query);
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(422);
      expect((err as DomainError).code).toBe('paging/Unprocessable Entity');
    }
  });
});

describe('pageLinks', () => {
  const base = { baseUrl: 'https://berth.example.com/prefix', path: '/application/applications' };

  it('links next and prev from the public base URL and keeps the other parameters', () => {
    const page = parsePageQuery({ pageSize: '2', currentPage: '2' });
    const links = pageLinks({ ...base, query: { name: 'a b', pageSize: '2', currentPage: '2', tag: ['x', 'y'] }, page, count: 2 });
    expect(links.next).toBe('https://berth.example.com/prefix/application/applications?name=a+b&tag=x&tag=y&pageSize=2&currentPage=3');
    expect(links.prev).toBe('https://berth.example.com/prefix/application/applications?name=a+b&tag=x&tag=y&pageSize=2&currentPage=1');
    expect(links.statistics).toEqual({ pageSize: 2, currentPage: 2 });
  });

  it('has no next on a short page, and no prev on the first', () => {
    const links = pageLinks({ ...base, query: {}, page: parsePageQuery({}), count: 3 });
    expect(links.next).toBeUndefined();
    expect(links.prev).toBeUndefined();
  });

  it('adds totalPages only when asked, and stops next at the last page', () => {
    const asked = pageLinks({ ...base, query: {}, page: parsePageQuery({ pageSize: '1', withTotalPages: 'true' }), count: 1, total: 1 });
    expect(asked.statistics).toEqual({ pageSize: 1, currentPage: 1, totalPages: 1 });
    expect(asked.next).toBeUndefined();
    const notAsked = pageLinks({ ...base, query: {}, page: parsePageQuery({ pageSize: '1' }), count: 1, total: 4 });
    expect(notAsked.statistics.totalPages).toBeUndefined();
    expect(notAsked.next).toContain('currentPage=2');
  });

  it('answers a page past the end as an empty page with prev', () => {
    const links = pageLinks({ ...base, query: {}, page: parsePageQuery({ currentPage: '9' }), count: 0, total: 3 });
    expect(links.next).toBeUndefined();
    expect(links.prev).toContain('currentPage=8');
  });
});
