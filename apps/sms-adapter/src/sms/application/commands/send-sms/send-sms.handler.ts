import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { OutboundPolicy } from '@berth/runtime';
import { SMS_CONFIG } from '../../../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../../../config/sms-adapter.env';
import { parseSendRequest } from '../../../domain/send-request';
import { invalidField } from '../../../domain/sms-errors';
import { requestId } from '../../../domain/sms-request';
import { MessagingOptions } from '../../../infrastructure/messaging-options';
import { ProviderRegistry } from '../../../infrastructure/provider-registry';
import { AcceptRequest } from '../../accept-request';
import { SendSmsCommand } from './send-sms.command';

/**
 * Validates the body (422 naming the field), checks that the tenant has a provider (422) and
 * that `notifyUrl` may be called (the outbound guard, 422 naming it), then stores and queues the request. With `clientCorrelator`
 * the request id is derived from it, so a retried POST answers the first request again.
 */
@CommandHandler(SendSmsCommand)
export class SendSmsHandler implements ICommandHandler<SendSmsCommand> {
  private readonly outbound: OutboundPolicy;

  constructor(
    private readonly options: MessagingOptions, private readonly providers: ProviderRegistry, private readonly accept: AcceptRequest,
    @Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig,
  ) {
    this.outbound = OutboundPolicy.from(config);
  }

  async execute({ tenant, pathSender, body }: SendSmsCommand) {
    const settings = await this.options.get(tenant);
    const request = parseSendRequest(body, { pathSender, tenantSender: settings['sms.senderAddress'], maxSegments: this.config.BERTH_SMS_MAX_SEGMENTS });
    if (request.notifyUrl) {
      const problem = await this.outbound.urlProblem(request.notifyUrl);
      if (problem) throw invalidField('outboundSMSMessageRequest.receiptRequest.notifyUrl', problem);
    }
    await this.providers.get(tenant);
    return this.accept.run({
      _id: requestId(tenant, request.clientCorrelator === undefined ? `uuid\n${randomUUID()}` : `correlator\n${request.clientCorrelator}`),
      tenant, senderAddress: request.senderAddress, senderName: request.senderName ?? settings['sms.senderName'], message: request.message,
      notifyUrl: request.notifyUrl, callbackData: request.callbackData, clientCorrelator: request.clientCorrelator,
      deliveries: request.addresses.map((address) => ({ address, status: 'MessageWaiting' as const })),
      createdAt: new Date(),
    });
  }
}
