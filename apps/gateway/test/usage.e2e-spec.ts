import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { eventually, metricValue, scrapeMetrics, testStack } from '@berth/testing';

const call = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${testStack.gatewayUrl}${path}`, { headers: { ...testStack.adminAuth(), ...headers } }).then((r) => r.arrayBuffer());

describe('gateway: application key usage', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  afterAll(() => redis.quit());

  const today = () => redis.hgetall(`${testStack.dbPrefix}:usage:${new Date().toISOString().slice(0, 10)}`);

  const settled = (check: (usage: Record<string, string>) => boolean) => eventually(today, check, { timeoutMs: 5000, intervalMs: 200, what: 'the day\'s usage counts' });

  it('counts requests per application key and day, and requests without a key as device requests', async () => {
    const key = `e2e-${randomUUID().slice(0, 8)}`;
    const before = Number((await today()).device ?? 0);
    for (let i = 0; i < 3; i++) await call('/application', { 'X-Cumulocity-Application-Key': key });
    for (let i = 0; i < 2; i++) await call('/platform');
    const usage = await settled((u) => u[`app:${key}`] === '3' && Number(u.device ?? 0) >= before + 2);
    expect(usage[`app:${key}`]).toBe('3');
    expect(Number(usage.device)).toBeGreaterThanOrEqual(before + 2);
  });

  it('exports the counts per application key and of device requests as metrics', async () => {
    const key = `e2e-${randomUUID().slice(0, 8)}`;
    const devices = async () => metricValue((await scrapeMetrics(testStack.gatewayMetricsUrl)).samples, 'berth_gateway_device_requests_total');
    const before = await devices();
    for (let i = 0; i < 3; i++) await call('/platform', { 'X-Cumulocity-Application-Key': key });
    for (let i = 0; i < 2; i++) await call('/platform');
    const { samples } = await scrapeMetrics(testStack.gatewayMetricsUrl);
    expect(metricValue(samples, 'berth_gateway_application_requests_total', { application_key: key })).toBe(3);
    expect(metricValue(samples, 'berth_gateway_device_requests_total')).toBeGreaterThanOrEqual(before + 2);
  });

  it('counts a key that is not a sane token as (invalid), never as its own field', async () => {
    const key = `bad key ${randomUUID()}`;
    await call('/platform', { 'X-Cumulocity-Application-Key': key });
    const usage = await settled((u) => Number(u['app:(invalid)'] ?? 0) >= 1);
    expect(Number(usage['app:(invalid)'])).toBeGreaterThanOrEqual(1);
    expect(Object.keys(usage).some((f) => f.includes('bad key'))).toBe(false);
  });

  it('keeps the day\'s counts for about 13 months', async () => {
    await call('/platform');
    await settled((u) => Number(u.device ?? 0) >= 1);
    const ttl = await redis.ttl(`${testStack.dbPrefix}:usage:${new Date().toISOString().slice(0, 10)}`);
    expect(ttl).toBeGreaterThan(390 * 24 * 3600);
  });
});
