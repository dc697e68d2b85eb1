import { Pool } from '@berth/runtime';
import { GatewayConfig } from '../config/gateway.env';
import { UPSTREAM_APPS, UpstreamApp } from '../routing/route-table';

const URL_VARIABLE: Record<UpstreamApp, keyof GatewayConfig> = {
  'application-registry': 'APPLICATION_REGISTRY_URL',
  subscription: 'SUBSCRIPTION_URL',
  'tenant-options': 'TENANT_OPTIONS_URL',
  'sms-adapter': 'SMS_ADAPTER_URL',
  'microservice-orchestrator': 'MICROSERVICE_ORCHESTRATOR_URL',
};

/** One keep-alive undici Pool per internal app, made once at start-up. */
export class Upstreams {
  private readonly pools = new Map<UpstreamApp, { origin: string; pool: Pool }>();

  constructor(config: GatewayConfig) {
    for (const app of UPSTREAM_APPS) {
      const origin = new URL(String(config[URL_VARIABLE[app]])).origin;
      this.pools.set(app, {
        origin,
        pool: new Pool(origin, { connections: config.BERTH_UPSTREAM_CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 }),
      });
    }
  }

  pool(app: UpstreamApp): Pool { return this.pools.get(app)!.pool; }
  origin(app: UpstreamApp): string { return this.pools.get(app)!.origin; }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map(({ pool }) => pool.close()));
  }
}
