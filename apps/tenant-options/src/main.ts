import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { tenantOptionsConfigSchema } from './config/tenant-options.env';

void bootstrap({
  name: 'tenant-options',
  schema: tenantOptionsConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
});
