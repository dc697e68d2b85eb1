import { Inject, Injectable, Optional } from '@nestjs/common';
import { HEALTH_INDICATORS, HealthIndicator } from './health-indicator';
import { APP_INFO, AppInfo } from '../app-info';

export type Status = 'UP' | 'DOWN';
export type CheckResult = { status: Status; reason?: string };
export interface HealthReport {
  status: Status;
  app: string;
  version: string;
  uptimeSeconds: number;
  dependencies: Record<string, CheckResult>;
  /** Services the app passes requests on to, for information: they do not make it DOWN. */
  neighbours?: Record<string, CheckResult>;
}

/**
 * How long one check may take before it counts as DOWN. Checks run in parallel, so `/health`
 * answers within about this long; probes must allow more (docs/operations/kubernetes.md).
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/** Checks every registered indicator in parallel; the app is UP only when all its own dependencies are. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_INFO) private readonly app: AppInfo,
    @Optional() @Inject(HEALTH_INDICATORS) private readonly indicators: HealthIndicator[] = [],
  ) {}

  async report(): Promise<HealthReport> {
    const results = await Promise.all(this.indicators.map(async (indicator) => {
      try {
        await withTimeout(indicator.check(), HEALTH_CHECK_TIMEOUT_MS);
        return { indicator, result: { status: 'UP' as Status } };
      } catch (err) {
        return { indicator, result: { status: 'DOWN' as Status, reason: (err as Error).message } };
      }
    }));
    const own = results.filter((r) => !r.indicator.neighbour);
    const neighbours = results.filter((r) => r.indicator.neighbour);
    const status: Status = own.every((r) => r.result.status === 'UP') ? 'UP' : 'DOWN';
    const byName = (list: typeof results) => Object.fromEntries(list.map((r) => [r.indicator.name, r.result]));
    return {
      status, app: this.app.name, version: this.app.version, uptimeSeconds: Math.round(process.uptime()), dependencies: byName(own),
      ...(neighbours.length > 0 ? { neighbours: byName(neighbours) } : {}),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
