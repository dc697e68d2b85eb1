/** A dependency an app reports on at `/health`. `check` resolves when it is usable, else rejects. */
export interface HealthIndicator {
  readonly name: string;
  check(): Promise<void>;
}

/** Multi-provider token under which apps register their health indicators. */
export const HEALTH_INDICATORS = Symbol('HEALTH_INDICATORS');
