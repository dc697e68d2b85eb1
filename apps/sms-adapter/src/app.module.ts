import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import type { SmsAdapterConfig } from './config/sms-adapter.env';
import { SMS_CONFIG } from './config/sms-config.token';
import { OptionEventsConsumer } from './sms/infrastructure/option-events.consumer';
import { SendSmsConsumer } from './sms/infrastructure/send-sms.consumer';
import { SmsModule } from './sms/sms.module';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'config'> & { config: SmsAdapterConfig }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        RuntimeModule.forRoot({
          ...ctx,
          uses: ['mongodb', 'kafka', 'redis'],
          topics: [Topics.smsSendCommands, Topics.optionEvents],
          consumers: [OptionEventsConsumer, SendSmsConsumer],
        }),
        CqrsModule.forRoot(),
        SmsModule,
      ],
      providers: [{ provide: SMS_CONFIG, useValue: ctx.config }],
      exports: [SMS_CONFIG],
    };
  }
}
