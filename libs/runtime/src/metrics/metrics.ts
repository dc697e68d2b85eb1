import { collectDefaultMetrics, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics';

/** Label of requests that matched no route: one series for all of them, whatever their URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The app's Prometheus registry: every series carries `app`; the process's default metrics,
 * HTTP requests by method, route pattern and status, and their latency. Apps add their own
 * metrics to `registry`. One per process, made by bootstrap and provided by RuntimeModule.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics;

  constructor(app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry, prefix: 'berth_' });
    this.requests = new RequestMetrics(this.registry);
  }

  /** Records one answered request; `route` is the route pattern (e.g. `/applications/:id`), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.add(method, route, status, seconds);
  }

  /** The text exposition format, with its content type. Collectors must not throw: a failing one fails the scrape. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
