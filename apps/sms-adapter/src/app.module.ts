import { DynamicModule, Module } from '@nestjs/common';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses'>): DynamicModule {
    return { module: AppModule, imports: [RuntimeModule.forRoot({ ...ctx, uses: ['mongodb', 'kafka', 'redis'] })] };
  }
}
