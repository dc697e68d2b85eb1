import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { GatewayConfig, gatewayConfigSchema } from './config/gateway.env';
import { registerProxyRoute } from './proxy/proxy.route';
import { Upstreams } from './proxy/upstreams';

let upstreams: Upstreams;

void bootstrap<GatewayConfig>({
  name: 'gateway',
  schema: gatewayConfigSchema,
  module: (ctx) => AppModule.register(ctx, (upstreams = new Upstreams(ctx.config))),
  port: (config) => config.BERTH_PORT,
  nestOptions: { bodyParser: false },
  beforeListen: (app, config) => registerProxyRoute(app.getHttpAdapter().getInstance(), upstreams, config),
});
