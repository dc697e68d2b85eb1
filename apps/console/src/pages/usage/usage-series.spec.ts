import {
  axisTicks, chartGeometry, daysOf, defaultRange, MAX_SERIES, OTHER_APPLICATIONS, rangeFromQuery, rangeProblem, usageSeries, type ApplicationUsage,
} from './usage-series';

const day = (d: string, apps: Record<string, number>) => ({
  day: d, applications: Object.entries(apps).map(([applicationKey, requests]) => ({ applicationKey, requests })), deviceRequests: 0, totalRequests: 0,
});

describe('the usage chart\'s numbers', () => {
  it('asks for the last 7 days by default, or the valid days in the URL', () => {
    const now = new Date('2026-11-27T23:59:00Z');
    expect(defaultRange(now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(rangeFromQuery(new URLSearchParams('from=2026-02-01&to=2026-02-30'), now)).toEqual({ from: '2026-02-01', to: '2026-11-27' });
    expect(rangeFromQuery(new URLSearchParams('from=x'), now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('refuses a reversed or too long range before asking', () => {
    expect(rangeProblem({ from: '2026-11-27', to: '2026-11-27' })).toBeUndefined();
    expect(rangeProblem({ from: '2026-11-28', to: '2026-11-27' })).toMatch(/must not be after/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-27' })).toMatch(/at most 400/);
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('makes one series per application over every day, the busiest first, days without requests at 0', () => {
    const usage: ApplicationUsage = {
      dateFrom: '2026-11-25', dateTo: '2026-11-27',
      days: [day('2026-11-25', { shop: 2 }), day('2026-11-27', { shop: 1, hello: 9 }), day('2026-12-01', { hello: 100 })],
    };
    const { days, series } = usageSeries(usage, { from: '2026-11-25', to: '2026-11-27' });
    expect(days).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(series).toEqual([{ key: 'hello', values: [0, 0, 9], total: 9 }, { key: 'shop', values: [2, 0, 1], total: 3 }]);
  });

  it('sums the quieter applications into one series beyond the most lines drawn', () => {
    const apps = Object.fromEntries(Array.from({ length: MAX_SERIES + 2 }, (_, i) => [`app${i}`, 100 - i]));
    const { series } = usageSeries({ dateFrom: '2026-11-27', dateTo: '2026-11-27', days: [day('2026-11-27', apps)] }, { from: '2026-11-27', to: '2026-11-27' });
    expect(series).toHaveLength(MAX_SERIES);
    expect(series[MAX_SERIES - 1]).toEqual({ key: OTHER_APPLICATIONS, values: [93 + 92 + 91], total: 276 });
  });

  it('puts round ticks from 0 up to the largest value', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(9)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('spreads the days over the width and scales requests to the top tick', () => {
    const size = { width: 120, height: 70, left: 10, right: 10, top: 10, bottom: 10 };
    const geometry = chartGeometry(['a', 'b', 'c'], [{ key: 'k', values: [0, 5, 10], total: 15 }], size);
    expect(geometry.lines[0].points.map((p) => [p.x, p.y])).toEqual([[10, 60], [60, 35], [110, 10]]);
    expect(geometry.yTicks.map((t) => [t.value, t.y])).toEqual([[0, 60], [2, 50], [4, 40], [6, 30], [8, 20], [10, 10]]);
    expect(chartGeometry(['only'], [], size).xLabels).toEqual([{ day: 'only', x: 60 }]);
  });

  it('labels a few evenly spaced days, the last one always', () => {
    const days = Array.from({ length: 30 }, (_, i) => `d${i}`);
    expect(chartGeometry(days, [], undefined, 8).xLabels.map((l) => l.day)).toEqual(['d0', 'd5', 'd10', 'd15', 'd20', 'd25', 'd29']);
    expect(chartGeometry(days.slice(0, 7), [], undefined, 8).xLabels).toHaveLength(7);
  });
});
