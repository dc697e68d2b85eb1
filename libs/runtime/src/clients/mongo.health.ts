import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import { HealthIndicator } from '../health/health-indicator';

@Injectable()
export class MongoHealth implements HealthIndicator {
  readonly name = 'mongodb';
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async check() {
    if (this.connection.readyState !== 1) throw new Error('not connected');
    await this.connection.db!.admin().command({ ping: 1 });
  }
}
