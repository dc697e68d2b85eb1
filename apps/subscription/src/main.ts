import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { subscriptionConfigSchema } from './config/subscription.env';

void bootstrap({
  name: 'subscription',
  schema: subscriptionConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
});
