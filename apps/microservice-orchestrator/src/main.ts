import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { HOSTING_SCHEMAS } from './hosting/interface/hosting.schemas';
import { orchestratorConfigSchema } from './config/microservice-orchestrator.env';

void bootstrap({
  name: 'microservice-orchestrator',
  schema: orchestratorConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  api: { schemas: HOSTING_SCHEMAS },
});
