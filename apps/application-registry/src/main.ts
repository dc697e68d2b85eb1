import { bootstrap } from '@berth/runtime';
import { registerJsonMediaTypes } from '@berth/http';
import { AppModule } from './app.module';
import { registryConfigSchema } from './config/application-registry.env';

void bootstrap({
  name: 'application-registry',
  schema: registryConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  beforeListen: (app) => registerJsonMediaTypes(app.getHttpAdapter().getInstance()),
});
