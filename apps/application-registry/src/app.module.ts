import { DynamicModule, Module } from '@nestjs/common';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import { ApplicationApiController } from './discovery/application-api.controller';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses'>): DynamicModule {
    return {
      module: AppModule,
      imports: [RuntimeModule.forRoot({ ...ctx, uses: ['mongodb', 'kafka'], topics: [Topics.applicationEvents] })],
      controllers: [ApplicationApiController],
    };
  }
}
