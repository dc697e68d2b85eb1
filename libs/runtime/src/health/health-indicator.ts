/** A dependency an app reports on at `/health`. `check` resolves when it is usable, else rejects. */
export interface HealthIndicator {
  readonly name: string;
  /**
   * True for another service the app only passes requests on to (the gateway's upstream apps):
   * reported under `neighbours`, never making this app DOWN. `/health` says whether this process
   * can serve; a neighbour's outage is answered on that neighbour's routes alone.
   */
  readonly neighbour?: boolean;
  check(): Promise<void>;
}

/** Multi-provider token under which apps register their health indicators. */
export const HEALTH_INDICATORS = Symbol('HEALTH_INDICATORS');
