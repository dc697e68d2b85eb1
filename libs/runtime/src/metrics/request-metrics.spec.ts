import { Counter, Histogram, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics';

/** The samples of an exposition, each as `name{labels sorted} value`, sorted: the same metrics compare equal whatever order they were written in. */
function samples(text: string): string[] {
  return text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const match = /^([^{ ]+)(?:\{(.*)\})? (.+)$/.exec(line)!;
    const labels = (match[2] ?? '').split(/,(?=[a-z_]+=)/).filter(Boolean).sort().join(',');
    return `${match[1]}{${labels}} ${Number(match[3])}`;
  }).sort();
}

const REQUESTS: Array<[string, string, number, number]> = [
  ['GET', '/health', 200, 0.0004], ['GET', '/health', 200, 0.001], ['GET', '/health', 503, 0.03],
  ['POST', '/applications', 201, 0.0123], ['POST', '/applications', 422, 2.5], ['GET', '(unmatched)', 404, 11],
];

describe('RequestMetrics', () => {
  it('exposes the same samples as prom-client\'s own counter and histogram given the same requests', async () => {
    const ours = new Registry();
    ours.setDefaultLabels({ app: 'gateway' });
    const metrics = new RequestMetrics(ours);

    const theirs = new Registry();
    theirs.setDefaultLabels({ app: 'gateway' });
    const counter = new Counter({ name: 'berth_http_requests_total', help: 'h', labelNames: ['method', 'route', 'status'], registers: [theirs] });
    const histogram = new Histogram({
      name: 'berth_http_request_duration_seconds', help: 'h', labelNames: ['method', 'route'], registers: [theirs],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });

    for (const [method, route, status, seconds] of REQUESTS) {
      metrics.add(method, route, status, seconds);
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
    }
    const text = await ours.metrics();
    expect(samples(text)).toEqual(samples(await theirs.metrics()));
    expect(text).toContain('# TYPE berth_http_requests_total counter');
    expect(text).toContain('# TYPE berth_http_request_duration_seconds histogram');
    expect(text).toContain('berth_http_requests_total{method="GET",route="/health",status="200",app="gateway"} 2');
  });

  it('starts from zero again when the registry resets its metrics', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics(registry);
    metrics.add('GET', '/health', 200, 0.001);
    registry.resetMetrics();
    expect(samples(await registry.metrics())).toEqual([]);
  });
});
