import multipart from '@fastify/multipart';
import { bootstrap } from '@berth/runtime';
import { AppModule } from './app.module';
import { APPLICATION_SCHEMAS } from './applications/interface/application.schemas';
import { isPartAFile, UPLOAD_PART_LIMITS } from './applications/interface/upload-receiver';
import { registryConfigSchema } from './config/application-registry.env';

void bootstrap({
  name: 'application-registry',
  schema: registryConfigSchema,
  module: (ctx) => AppModule.register(ctx),
  port: (config) => config.PORT,
  api: { schemas: APPLICATION_SCHEMAS },
  beforeListen: async (app, config) => {
    // Parts are streamed by the binaries controller; the file's size limit is the upload limit.
    await app.register(multipart as never, {
      isPartAFile, throwFileSizeLimit: true,
      limits: { fileSize: config.BERTH_UPLOAD_MAX_BYTES, ...UPLOAD_PART_LIMITS, fieldSize: 64 * 1024 },
    });
  },
});
