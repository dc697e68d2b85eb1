import { href, parseRoute } from './routing';

describe('console routes', () => {
  it('reads segments and query from the fragment', () => {
    const route = parseRoute('#/applications/42?type=HOSTED&page=2');
    expect(route.segments).toEqual(['applications', '42']);
    expect(route.query.get('type')).toBe('HOSTED');
    expect(route.query.get('page')).toBe('2');
  });

  it('takes an empty or odd fragment as the home page', () => {
    expect(parseRoute('').segments).toEqual([]);
    expect(parseRoute('#').segments).toEqual([]);
    expect(parseRoute('#/%E0%A4%A').segments).toEqual(['%E0%A4%A']);
  });

  it('writes fragments that read back the same', () => {
    const link = href(['options', 'a/b c'], { page: 2, empty: '', none: undefined });
    expect(link).toBe('#/options/a%2Fb%20c?page=2');
    expect(parseRoute(link).segments).toEqual(['options', 'a/b c']);
  });
});
