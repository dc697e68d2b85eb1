import { filterFromQuery, listParams } from './application-query';

describe('the applications list filter', () => {
  it('reads the filter from the page URL, ignoring what the platform would refuse', () => {
    expect(filterFromQuery(new URLSearchParams('name=shop&type=HOSTED&page=3'))).toEqual({ name: 'shop', type: 'HOSTED', owner: undefined, page: 3 });
    expect(filterFromQuery(new URLSearchParams('type=ROBOT&page=-1'))).toEqual({ name: undefined, type: undefined, owner: undefined, page: 1 });
  });

  it('asks the platform for one page with its total', () => {
    expect(listParams({ type: 'MICROSERVICE', owner: 't1', page: 2 })).toEqual({ pageSize: 10, currentPage: 2, withTotalPages: true, type: 'MICROSERVICE', owner: 't1' });
  });
});
