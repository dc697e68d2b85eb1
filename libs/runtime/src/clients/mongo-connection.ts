import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { watchSlowCommands } from './slow-commands';

/**
 * The injection token of the app's MongoDB connection: `getConnectionToken()` of @nestjs/mongoose
 * (checked by its spec), named here so that an app without MongoDB (the gateway) never loads
 * mongoose and the driver: about 400 modules and 20 MB it has no use for.
 */
export const MONGO_CONNECTION = 'DatabaseConnection';

/** The mongoose root module, loaded only by apps that use MongoDB; commands of `slowMs` or longer are logged (0: none). */
export async function mongooseRoot(uri: string, dbName: string, logger: Logger, slowMs: number): Promise<DynamicModule> {
  const { MongooseModule } = await import('@nestjs/mongoose');
  return MongooseModule.forRoot(uri, {
    dbName, serverSelectionTimeoutMS: 5000,
    ...(slowMs > 0 ? {
      monitorCommands: true,
      onConnectionCreate: (connection) => watchSlowCommands(connection.getClient(), logger, slowMs),
    } : {}),
  });
}
