import { Inject, Injectable, Optional } from '@nestjs/common';
import { HEALTH_INDICATORS, HealthIndicator } from './health-indicator';
import { APP_INFO, AppInfo } from '../app-info';

export type Status = 'UP' | 'DOWN';
export interface HealthReport {
  status: Status;
  app: string;
  version: string;
  uptimeSeconds: number;
  dependencies: Record<string, { status: Status; reason?: string }>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Checks every registered dependency in parallel; the app is UP only when all are. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_INFO) private readonly app: AppInfo,
    @Optional() @Inject(HEALTH_INDICATORS) private readonly indicators: HealthIndicator[] = [],
  ) {}

  async report(): Promise<HealthReport> {
    const results = await Promise.all(this.indicators.map(async (indicator) => {
      try {
        await withTimeout(indicator.check(), CHECK_TIMEOUT_MS);
        return [indicator.name, { status: 'UP' as Status }] as const;
      } catch (err) {
        return [indicator.name, { status: 'DOWN' as Status, reason: (err as Error).message }] as const;
      }
    }));
    const dependencies = Object.fromEntries(results);
    const status: Status = results.every(([, r]) => r.status === 'UP') ? 'UP' : 'DOWN';
    return { status, app: this.app.name, version: this.app.version, uptimeSeconds: Math.round(process.uptime()), dependencies };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
