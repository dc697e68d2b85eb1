import { DynamicModule, Module } from '@nestjs/common';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses'>): DynamicModule {
    return { module: AppModule, imports: [RuntimeModule.forRoot({ ...ctx, uses: ['mongodb', 'kafka', 'redis'], topics: [Topics.smsSendCommands] })] };
  }
}
