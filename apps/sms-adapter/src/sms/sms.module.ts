import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AcceptRequest } from './application/accept-request';
import { ApplyReceipt } from './application/apply-receipt';
import { SendSmsHandler } from './application/commands/send-sms/send-sms.handler';
import { DeliverSms } from './application/deliver-sms';
import { NotifyReceipt } from './application/notify-receipt';
import { ProviderConfiguration } from './application/provider-configuration';
import { GetDeliveryInfosHandler } from './application/queries/get-delivery-infos/get-delivery-infos.handler';
import { GetInboundHandler } from './application/queries/get-inbound/get-inbound.handler';
import { InboundAccess } from './application/queries/inbound-access';
import { ListInboundHandler } from './application/queries/list-inbound/list-inbound.handler';
import { InboundRepository } from './infrastructure/inbound.repository';
import { MessagingOptions } from './infrastructure/messaging-options';
import { OptionEventsConsumer } from './infrastructure/option-events.consumer';
import { ProviderRegistry, providerFactoriesProvider } from './infrastructure/provider-registry';
import { ProviderSinks } from './infrastructure/provider-sinks';
import { SendSmsConsumer } from './infrastructure/send-sms.consumer';
import { SmsQueues } from './infrastructure/sms-queues';
import { SmsRequestRepository } from './infrastructure/sms-request.repository';
import { SmsWorkers } from './infrastructure/sms-workers';
import { TenantOptionsClient } from './infrastructure/tenant-options.client';
import { WaitingSweep } from './infrastructure/waiting-sweep';
import { InboundController } from './interface/inbound.controller';
import { OutboundController } from './interface/outbound.controller';
import { ProvidersController } from './interface/providers.controller';
import { WebhooksController } from './interface/webhooks.controller';

/** SMS (docs/api/sms.md): send with receipts, receive, the providers and their configuration. */
@Module({
  imports: [CqrsModule],
  controllers: [OutboundController, InboundController, ProvidersController, WebhooksController],
  providers: [
    SmsRequestRepository, InboundRepository, TenantOptionsClient, MessagingOptions, SmsQueues, ProviderSinks, ProviderRegistry, providerFactoriesProvider,
    AcceptRequest, DeliverSms, ApplyReceipt, NotifyReceipt, SmsWorkers, WaitingSweep, ProviderConfiguration, InboundAccess,
    OptionEventsConsumer, SendSmsConsumer,
    SendSmsHandler, GetDeliveryInfosHandler, ListInboundHandler, GetInboundHandler,
  ],
})
export class SmsModule {}
