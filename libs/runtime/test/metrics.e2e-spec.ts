import { randomUUID } from 'node:crypto';
import { admin, eventually, gw, metricValue, scrapeMetrics, testStack } from '@berth/testing';

const REQUESTS = 'berth_http_requests_total';

describe('/metrics', () => {
  it.each(testStack.apps)('%s counts requests by route pattern and status on its own port', async (app) => {
    const url = testStack.appUrl(app);
    const unknown = `/no-such-path/${randomUUID()}`;
    const health = { app, method: 'GET', route: '/health', status: '200' };
    const unmatched = { app, method: 'GET', route: '(unmatched)', status: '404' };
    const before = (await scrapeMetrics(url)).samples;

    expect((await fetch(`${url}/health`)).status).toBe(200);
    const principal = testStack.principalHeaders({ tenant: `t-metrics-${app}`, user: 'u', roles: [], kind: 'user' });
    expect((await fetch(`${url}${unknown}`, { headers: principal })).status).toBe(404);

    const res = await fetch(`${url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const { text, samples } = await scrapeMetrics(url);
    expect(metricValue(samples, REQUESTS, health)).toBeGreaterThanOrEqual(metricValue(before, REQUESTS, health) + 1);
    expect(metricValue(samples, REQUESTS, unmatched)).toBeGreaterThanOrEqual(metricValue(before, REQUESTS, unmatched) + 1);
    expect(text).not.toContain(unknown);
    expect(metricValue(samples, 'berth_http_request_duration_seconds_count', { app, route: '/health' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(samples, 'berth_process_resident_memory_bytes', { app })).toBeGreaterThan(0);
    expect(text).toContain('# TYPE berth_outbox_backlog gauge');
    expect(text).toContain('# TYPE berth_kafka_consumer_lag gauge');
  });

  it('an app shows where the messages it consumed spent their time: waiting for its consumer, the inbox claim, its handlers', async () => {
    const url = testStack.appUrl('subscription');
    const labels = { app: 'subscription', topic: 'registry.application.v1' };
    const count = async (name: string) => metricValue((await scrapeMetrics(url)).samples, `${name}_count`, labels);
    const before = await count('berth_consumer_handle_seconds');
    const name = `metrics${randomUUID().slice(0, 8)}`;
    expect((await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } })).status).toBe(201);

    expect(await eventually(() => count('berth_consumer_handle_seconds'), (n) => n > before, 15000)).toBeGreaterThan(before);
    const { text, samples } = await scrapeMetrics(url);
    for (const metric of ['berth_consumer_wait_seconds', 'berth_consumer_inbox_claim_seconds', 'berth_consumer_handle_seconds']) {
      expect(text).toContain(`# TYPE ${metric} histogram`);
      expect(metricValue(samples, `${metric}_count`, labels)).toBeGreaterThan(0);
      expect(metricValue(samples, `${metric}_bucket`, { ...labels, le: '+Inf' })).toBe(metricValue(samples, `${metric}_count`, labels));
    }
  });

  it('the gateway serves them on its internal metrics port, not on its public one', async () => {
    const before = (await scrapeMetrics(testStack.gatewayMetricsUrl)).samples;
    const auth = { headers: testStack.adminAuth() };
    expect((await fetch(`${testStack.gatewayUrl}/platform`, auth)).status).toBe(200);
    const proxied = await fetch(`${testStack.gatewayUrl}/application`, auth);
    await proxied.arrayBuffer();

    const { samples } = await scrapeMetrics(testStack.gatewayMetricsUrl);
    const platform = { app: 'gateway', method: 'GET', route: '/platform', status: '200' };
    const proxy = { app: 'gateway', method: 'GET', route: 'proxy:application-registry', status: String(proxied.status) };
    expect(metricValue(samples, REQUESTS, platform)).toBeGreaterThanOrEqual(metricValue(before, REQUESTS, platform) + 1);
    expect(metricValue(samples, REQUESTS, proxy)).toBeGreaterThanOrEqual(metricValue(before, REQUESTS, proxy) + 1);

    const pub = await fetch(`${testStack.gatewayUrl}/metrics`, auth);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain(REQUESTS);
  });
});
