import { DynamicModule, Module } from '@nestjs/common';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { GatewayAuth } from './auth/gateway-auth';
import { GatewayCors } from './cors/gateway-cors';
import { GatewayEvents } from './events/gateway-events';
import { EventsReadiness } from './events/events-readiness';
import { UpstreamHealth } from './health/upstream.health';
import { Upstreams } from './proxy/upstreams';
import { GatewayOptionViews } from './options/gateway-option-views';
import { GatewayRateLimit } from './rate-limit/gateway-rate-limit';
import { UPSTREAM_APPS } from './routing/route-table';
import { ServiceRoutes } from './services/service-routes';
import { AcknowledgedWrites } from './consistency/acknowledged-writes';
import { GatewayFence } from './consistency/gateway-fence';
import { USAGE_OPTIONS, UsageCounter } from './usage/usage-counter';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'indicators'>, upstreams: Upstreams): DynamicModule {
    const indicators = UPSTREAM_APPS.map((app) => new UpstreamHealth(app, upstreams.pool(app)));
    const readiness = new EventsReadiness();
    return {
      module: AppModule,
      imports: [RuntimeModule.forRoot({ ...ctx, uses: ['kafka', 'redis'], indicators: [...indicators, readiness] })],
      providers: [
        { provide: Upstreams, useValue: upstreams },
        { provide: USAGE_OPTIONS, useValue: { redisPrefix: ctx.config.BERTH_DB_PREFIX, brandHeader: ctx.config.BERTH_BRAND_HEADER } },
        UsageCounter,
        { provide: EventsReadiness, useValue: readiness },
        AcknowledgedWrites,
        GatewayFence,
        GatewayEvents,
        GatewayAuth,
        GatewayOptionViews,
        GatewayRateLimit,
        GatewayCors,
        ServiceRoutes,
      ],
    };
  }
}
