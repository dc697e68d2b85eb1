import type { Metric, Registry } from 'prom-client';

const REQUESTS = 'berth_http_requests_total';
const LATENCY = 'berth_http_request_duration_seconds';
/** Upper bounds (seconds) of the latency histogram's buckets. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A metric's figures for one scrape, in the shape prom-client's registry writes out. */
interface MetricSnapshot {
  name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum';
  values: Array<{ metricName?: string; labels: Record<string, string | number>; value: number }>;
}

/** What prom-client's registry takes as a metric: a name, and its figures when scraped. */
interface ScrapedMetric {
  name: string; help: string; type: MetricSnapshot['type'];
  get(): Promise<MetricSnapshot>;
  reset(): void;
}

/** The figures of one method and route: requests by status, and the latency histogram. */
class RouteFigures {
  readonly byStatus = new Map<number, number>();
  /** Requests per bucket (not cumulative), the last one past the highest bound. */
  readonly buckets = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
  count = 0;
  sum = 0;

  add(status: number, seconds: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]) bucket++;
    this.buckets[bucket]++;
    this.count++;
    this.sum += seconds;
  }
}

/**
 * `berth_http_requests_total` (by method, route pattern and status) and
 * `berth_http_request_duration_seconds` (by method and route pattern), kept as plain numbers per
 * method and route: a request adds to them without building or hashing a label set, and a scrape
 * writes them out through the app's registry like any other metric.
 */
export class RequestMetrics {
  private readonly byMethod = new Map<string, Map<string, RouteFigures>>();

  constructor(registry: Registry) {
    const register = (metric: ScrapedMetric) => registry.registerMetric(metric as unknown as Metric);
    register(this.metric(REQUESTS, 'HTTP requests answered, by method, route pattern and status', 'counter', () => this.requestValues()));
    register(this.metric(LATENCY, 'Time from request to the response\'s end, by method and route pattern', 'histogram', () => this.latencyValues()));
  }

  /** Records one answered request; `route` is the route pattern (e.g. `/applications/:id`), never the raw URL. */
  add(method: string, route: string, status: number, seconds: number): void {
    let routes = this.byMethod.get(method);
    if (!routes) this.byMethod.set(method, (routes = new Map()));
    let figures = routes.get(route);
    if (!figures) routes.set(route, (figures = new RouteFigures()));
    figures.add(status, seconds);
  }

  private metric(name: string, help: string, type: MetricSnapshot['type'], values: () => MetricSnapshot['values']): ScrapedMetric {
    return { name, help, type, get: async () => ({ name, help, type, aggregator: 'sum', values: values() }), reset: () => this.byMethod.clear() };
  }

  private *routes(): Generator<[string, string, RouteFigures]> {
    for (const [method, routes] of this.byMethod) for (const [route, figures] of routes) yield [method, route, figures];
  }

  private requestValues(): MetricSnapshot['values'] {
    const values: MetricSnapshot['values'] = [];
    for (const [method, route, figures] of this.routes()) {
      for (const [status, value] of figures.byStatus) values.push({ labels: { method, route, status: String(status) }, value });
    }
    return values;
  }

  private latencyValues(): MetricSnapshot['values'] {
    const values: MetricSnapshot['values'] = [];
    for (const [method, route, figures] of this.routes()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += figures.buckets[i];
        values.push({ metricName: `${LATENCY}_bucket`, labels: { le: bound, method, route }, value: cumulative });
      });
      values.push({ metricName: `${LATENCY}_bucket`, labels: { le: '+Inf', method, route }, value: figures.count });
      values.push({ metricName: `${LATENCY}_sum`, labels: { method, route }, value: figures.sum });
      values.push({ metricName: `${LATENCY}_count`, labels: { method, route }, value: figures.count });
    }
    return values;
  }
}
