import type { DynamicModule } from '@nestjs/common';

/**
 * The injection token of the app's MongoDB connection: `getConnectionToken()` of @nestjs/mongoose
 * (checked by its spec), named here so that an app without MongoDB (the gateway) never loads
 * mongoose and the driver: about 400 modules and 20 MB it has no use for.
 */
export const MONGO_CONNECTION = 'DatabaseConnection';

/** The mongoose root module, loaded only by apps that use MongoDB. */
export async function mongooseRoot(uri: string, dbName: string): Promise<DynamicModule> {
  const { MongooseModule } = await import('@nestjs/mongoose');
  return MongooseModule.forRoot(uri, { dbName, serverSelectionTimeoutMS: 5000 });
}
