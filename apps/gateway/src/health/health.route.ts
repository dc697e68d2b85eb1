import type { HealthService } from '@berth/runtime';
import type { OwnResources } from '../routing/own-resources';

/** The gateway's public `GET /health` (docs/operations/index.md): 200 with status UP when it and what it needs are up, else 503. */
export function registerHealthRoute(own: OwnResources, health: HealthService) {
  own.get('/health', async () => {
    const report = await health.report();
    return {
      status: report.status === 'UP' ? 200 : 503,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify(report),
    };
  });
}
