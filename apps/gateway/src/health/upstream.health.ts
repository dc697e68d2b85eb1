import { HealthIndicator, Pool } from '@berth/runtime';

/** An internal app, as seen through the pool the proxy uses: UP when its own /health is. */
export class UpstreamHealth implements HealthIndicator {
  constructor(readonly name: string, private readonly pool: Pool) {}

  async check() {
    const res = await this.pool.request({ method: 'GET', path: '/health', headersTimeout: 2000, bodyTimeout: 2000 });
    const body = (await res.body.json()) as { status?: string };
    if (res.statusCode !== 200 || body.status !== 'UP') throw new Error(`status ${res.statusCode} ${body.status ?? ''}`.trim());
  }
}
