import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { IDENTITY_SCHEMAS } from './identity/interface/identity.schemas';
import { OPTION_SCHEMAS } from './options/interface/option.schemas';
import { tenantOptionsConfigSchema } from './config/tenant-options.env';

void bootstrap({
  name: 'tenant-options',
  schema: tenantOptionsConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  api: { schemas: { ...IDENTITY_SCHEMAS, ...OPTION_SCHEMAS } },
});
