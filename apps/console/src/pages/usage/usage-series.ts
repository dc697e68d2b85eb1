/**
 * The usage chart's numbers, from `GET /tenant/statistics/applicationUsage`
 * (docs/api/tenants-users-auth.md, application usage statistics): requests per application key and
 * UTC day, the range the page asks for, the series, the axis ticks and where everything is drawn.
 */
export interface ApplicationUsage {
  dateFrom: string;
  dateTo: string;
  days: Array<{ day: string; applications: Array<{ applicationKey: string; requests: number }>; deviceRequests: number; totalRequests: number }>;
}

/** A range of UTC days, both included, as `YYYY-MM-DD`. */
export interface DayRange { from: string; to: string }

export const DEFAULT_DAYS = 7;
/** The most days the platform answers at once. */
export const MAX_DAYS = 400;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last `DEFAULT_DAYS` days up to today (UTC). */
export function defaultRange(now: Date): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: dayOf(today - (DEFAULT_DAYS - 1) * DAY_MS), to: dayOf(today) };
}

/** The range in the page's URL (`?from=&to=`); what is missing or not a real date falls back to the default. */
export function rangeFromQuery(query: URLSearchParams, now: Date): DayRange {
  const fallback = defaultRange(now);
  const valid = (day: string | null) => (day && DATE.test(day) && dayOf(msOf(day)) === day ? day : undefined);
  return { from: valid(query.get('from')) ?? fallback.from, to: valid(query.get('to')) ?? fallback.to };
}

/** What is wrong with a range before it is asked for, or undefined. */
export function rangeProblem(range: DayRange): string | undefined {
  if (range.from > range.to) return 'The first day must not be after the last day.';
  const days = (msOf(range.to) - msOf(range.from)) / DAY_MS + 1;
  if (days > MAX_DAYS) return `The range spans ${days} days; at most ${MAX_DAYS} can be shown at once.`;
  return undefined;
}

/** The days of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let at = msOf(range.from); at <= msOf(range.to); at += DAY_MS) days.push(dayOf(at));
  return days;
}

export interface Series { key: string; values: number[]; total: number }

/** Lines drawn at most; the applications beyond them are summed into one. */
export const MAX_SERIES = 8;
export const OTHER_APPLICATIONS = 'other applications';

/**
 * One series per application key over the range's days (a day the answer lacks counts 0), the
 * busiest first; beyond MAX_SERIES - 1 applications, the rest are summed as OTHER_APPLICATIONS.
 */
export function usageSeries(usage: ApplicationUsage, range: DayRange): { days: string[]; series: Series[] } {
  const days = daysOf(range);
  const index = new Map(days.map((day, i) => [day, i]));
  const byKey = new Map<string, number[]>();
  for (const entry of usage.days) {
    const at = index.get(entry.day);
    if (at === undefined) continue;
    for (const { applicationKey, requests } of entry.applications) {
      const values = byKey.get(applicationKey) ?? days.map(() => 0);
      values[at] += requests;
      byKey.set(applicationKey, values);
    }
  }
  const all = [...byKey].map(([key, values]) => ({ key, values, total: values.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1));
  if (all.length <= MAX_SERIES) return { days, series: all };
  const rest = all.slice(MAX_SERIES - 1);
  const other = days.map((_, i) => rest.reduce((sum, s) => sum + s.values[i], 0));
  return { days, series: [...all.slice(0, MAX_SERIES - 1), { key: OTHER_APPLICATIONS, values: other, total: other.reduce((a, b) => a + b, 0) }] };
}

/** Round tick values from 0 to at least `max`, steps of 1, 2 or 5 times a power of ten, about `count` of them. */
export function axisTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const ticks: number[] = [];
  for (let v = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; v += step) ticks.push(v);
  return ticks;
}

export interface ChartSize { width: number; height: number; left: number; right: number; top: number; bottom: number }
export const CHART_SIZE: ChartSize = { width: 720, height: 300, left: 56, right: 16, top: 16, bottom: 48 };

export interface ChartGeometry {
  size: ChartSize;
  yTicks: Array<{ value: number; y: number }>;
  /** Days labelled on the x axis: all of them when few, else evenly spaced ones (the first and last included). */
  xLabels: Array<{ day: string; x: number }>;
  lines: Array<{ key: string; points: Array<{ day: string; value: number; x: number; y: number }> }>;
}

/** Where the chart draws its ticks, labels and points: days spread over the width, requests scaled to the top tick. */
export function chartGeometry(days: readonly string[], series: readonly Series[], size: ChartSize = CHART_SIZE, maxLabels = 8): ChartGeometry {
  const plotWidth = size.width - size.left - size.right;
  const plotHeight = size.height - size.top - size.bottom;
  const ticks = axisTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const top = ticks[ticks.length - 1];
  const x = (i: number) => size.left + (days.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (days.length - 1));
  const y = (value: number) => size.top + plotHeight - (value / top) * plotHeight;
  const every = Math.max(1, Math.ceil((days.length - 1) / (maxLabels - 1)));
  const labelled = days.map((_, i) => i).filter((i) => i % every === 0);
  const last = days.length - 1;
  if (last >= 0 && labelled[labelled.length - 1] !== last) {
    // The last day is always labelled; a label too close before it gives way.
    if (labelled.length > 1 && last - labelled[labelled.length - 1] < every / 2) labelled.pop();
    labelled.push(last);
  }
  return {
    size,
    yTicks: ticks.map((value) => ({ value, y: y(value) })),
    xLabels: labelled.map((i) => ({ day: days[i], x: x(i) })),
    lines: series.map((s) => ({ key: s.key, points: s.values.map((value, i) => ({ day: days[i], value, x: x(i), y: y(value) })) })),
  };
}
