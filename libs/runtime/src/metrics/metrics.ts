import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Label of requests that matched no route: one series for all of them, whatever their URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The app's Prometheus registry: every series carries `app`; the process's default metrics,
 * HTTP requests by method, route pattern and status, and their latency. Apps add their own
 * metrics to `registry`. One per process, made by bootstrap and provided by RuntimeModule.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  /** The labelled series of each method, route and status seen, so a request does not hash its labels again. */
  private readonly series = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<'method' | 'route'> }>();

  constructor(app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry, prefix: 'berth_' });
    this.requests = new Counter({
      name: 'berth_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'], registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'berth_http_request_duration_seconds', help: 'Time from request to the response\'s end, by method and route pattern',
      labelNames: ['method', 'route'], buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** Records one answered request; `route` is the route pattern (e.g. `/applications/:id`), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = { count: this.requests.labels(method, route, String(status)), latency: this.latency.labels(method, route) };
      this.series.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  /** The text exposition format, with its content type. Collectors must not throw: a failing one fails the scrape. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
