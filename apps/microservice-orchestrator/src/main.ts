import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { orchestratorConfigSchema } from './config/microservice-orchestrator.env';

void bootstrap({
  name: 'microservice-orchestrator',
  schema: orchestratorConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
});
