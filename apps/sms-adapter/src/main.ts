import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { SMS_SCHEMAS } from './sms/interface/sms.schemas';
import { smsAdapterConfigSchema } from './config/sms-adapter.env';

void bootstrap({
  name: 'sms-adapter',
  schema: smsAdapterConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  api: { schemas: SMS_SCHEMAS },
  // Provider webhooks are authenticated by signatures over the body's exact bytes.
  nestOptions: { rawBody: true },
});
