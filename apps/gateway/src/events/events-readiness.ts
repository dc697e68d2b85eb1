import type { HealthIndicator } from '@berth/runtime';

/** DOWN on `/health` until the gateway follows its events (see GatewayEvents). */
export class EventsReadiness implements HealthIndicator {
  readonly name = 'gateway-events';
  private joined = false;

  ready(): void {
    this.joined = true;
  }

  async check(): Promise<void> {
    if (!this.joined) throw new Error('not yet following identity and option events');
  }
}
