import { HEALTH_CHECK_TIMEOUT_MS, HealthIndicator, Pool } from '@berth/runtime';

/**
 * An internal app, as seen through the pool the proxy uses: UP when its own /health is. A
 * neighbour: the gateway stays ready without it, and answers 503 on that app's routes alone.
 */
export class UpstreamHealth implements HealthIndicator {
  readonly neighbour = true;
  constructor(readonly name: string, private readonly pool: Pool) {}

  async check() {
    const res = await this.pool.request({ method: 'GET', path: '/health', headersTimeout: HEALTH_CHECK_TIMEOUT_MS, bodyTimeout: HEALTH_CHECK_TIMEOUT_MS });
    const body = (await res.body.json()) as { status?: string };
    if (res.statusCode !== 200 || body.status !== 'UP') throw new Error(`status ${res.statusCode} ${body.status ?? ''}`.trim());
  }
}
