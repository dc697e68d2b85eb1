import { applicationUsageResource } from './application-usage-resource';
import { usageDays } from './usage-range';

const NOW = new Date('2026-03-01T23:30:00Z');

describe('usageDays', () => {
  it('defaults to today (UTC), dateFrom to dateTo', () => {
    expect(usageDays({}, NOW)).toEqual(['2026-03-01']);
    expect(usageDays({ dateTo: '2026-02-27' }, NOW)).toEqual(['2026-02-27']);
    expect(usageDays({ dateFrom: '2026-02-27', dateTo: '' }, NOW)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('lists every day of the range, both ends included, across months and leap days', () => {
    expect(usageDays({ dateFrom: '2024-02-28', dateTo: '2024-03-01' }, NOW)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(usageDays({ dateFrom: ['2020-01-01', '2026-01-01'], dateTo: '2026-01-02' }, NOW)).toEqual(['2026-01-01', '2026-01-02']);
  });

  it('allows 400 days and refuses 401', () => {
    expect(usageDays({ dateFrom: '2025-01-01', dateTo: '2026-02-04' }, NOW)).toHaveLength(400);
    expect(() => usageDays({ dateFrom: '2025-01-01', dateTo: '2026-02-05' }, NOW)).toThrow(/401 days/);
  });

  it.each([
    ['dateFrom', '2026-02-30'], ['dateFrom', '2026-13-01'], ['dateTo', '26-01-01'], ['dateTo', '2026-01-01T00:00:00Z'],
    ['dateFrom', 'yesterday'], ['dateTo', '0099-01-01'], ['dateFrom', '2026-1-1'],
  ])('refuses %s=%p with 422 naming it', (name, value) => {
    expect(() => usageDays({ [name]: value }, NOW)).toThrow(expect.objectContaining({ status: 422, message: expect.stringContaining(name) }));
  });

  it('refuses dateFrom after dateTo with 422', () => {
    expect(() => usageDays({ dateFrom: '2026-02-02', dateTo: '2026-02-01' }, NOW)).toThrow(expect.objectContaining({ status: 422 }));
  });
});

describe('applicationUsageResource', () => {
  it('lists each day with applications by requests, device requests and the total', () => {
    const resource = applicationUsageResource('https://x/tenant/statistics/applicationUsage', ['2026-01-01', '2026-01-02'], [
      { applications: { b: 2, a: 2, c: 9 }, devices: 4 },
      { applications: {}, devices: 0 },
    ]);
    expect(resource).toEqual({
      self: 'https://x/tenant/statistics/applicationUsage?dateFrom=2026-01-01&dateTo=2026-01-02',
      dateFrom: '2026-01-01', dateTo: '2026-01-02',
      days: [
        { day: '2026-01-01', applications: [{ applicationKey: 'c', requests: 9 }, { applicationKey: 'a', requests: 2 }, { applicationKey: 'b', requests: 2 }], deviceRequests: 4, totalRequests: 17 },
        { day: '2026-01-02', applications: [], deviceRequests: 0, totalRequests: 0 },
      ],
    });
  });
});
