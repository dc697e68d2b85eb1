import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from './mongo-connection';
import type { Connection } from 'mongoose';
import { HealthIndicator } from '../health/health-indicator';

@Injectable()
export class MongoHealth implements HealthIndicator {
  readonly name = 'mongodb';
  constructor(@Inject(MONGO_CONNECTION) private readonly connection: Connection) {}

  async check() {
    if (this.connection.readyState !== 1) throw new Error('not connected');
    await this.connection.db!.admin().command({ ping: 1 });
  }
}
