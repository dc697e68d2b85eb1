import { Pool } from '@berth/runtime';
import { GatewayConfig } from '../config/gateway.env';
import { UPSTREAM_APPS, UpstreamApp } from '../routing/route-table';
import { ForwardPool, ForwardPoolOptions } from './http1/forward-pool';

const URL_VARIABLE: Record<UpstreamApp, keyof GatewayConfig> = {
  'application-registry': 'APPLICATION_REGISTRY_URL',
  subscription: 'SUBSCRIPTION_URL',
  'tenant-options': 'TENANT_OPTIONS_URL',
  'sms-adapter': 'SMS_ADAPTER_URL',
  'microservice-orchestrator': 'MICROSERVICE_ORCHESTRATOR_URL',
};

/** How the gateway keeps its connections for forwarding to one upstream (internal app or microservice instance). */
export function forwardPoolOptions(config: GatewayConfig): ForwardPoolOptions {
  return { connections: config.BERTH_UPSTREAM_CONNECTIONS, idleMs: 30_000, connectTimeoutMs: 10_000, answerTimeoutMs: 300_000 };
}

/**
 * Per internal app, made once at start-up: the keep-alive ForwardPool that carries the requests
 * the gateway forwards, and an undici Pool for the gateway's own calls (authentication, options,
 * health, documents).
 */
export class Upstreams {
  private readonly pools = new Map<UpstreamApp, { origin: string; pool: Pool; forwarding: ForwardPool }>();

  constructor(config: GatewayConfig) {
    for (const app of UPSTREAM_APPS) {
      const origin = new URL(String(config[URL_VARIABLE[app]])).origin;
      this.pools.set(app, {
        origin,
        pool: new Pool(origin, { connections: config.BERTH_UPSTREAM_CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 }),
        forwarding: new ForwardPool(origin, forwardPoolOptions(config)),
      });
    }
  }

  pool(app: UpstreamApp): Pool { return this.pools.get(app)!.pool; }
  origin(app: UpstreamApp): string { return this.pools.get(app)!.origin; }
  forwarding(app: UpstreamApp): ForwardPool { return this.pools.get(app)!.forwarding; }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].flatMap(({ pool, forwarding }) => [pool.close(), forwarding.close()]));
  }
}
