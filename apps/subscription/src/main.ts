import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { SUBSCRIPTION_SCHEMAS } from './subscriptions/interface/subscription.schemas';
import { subscriptionConfigSchema } from './config/subscription.env';

void bootstrap({
  name: 'subscription',
  schema: subscriptionConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  api: { schemas: SUBSCRIPTION_SCHEMAS },
});
