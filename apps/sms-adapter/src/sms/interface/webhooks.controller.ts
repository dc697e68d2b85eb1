import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '@berth/auth';
import { DomainError } from '@berth/http';
import { BASE_CONFIG } from '@berth/runtime';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import { deliverHttpAWebhook } from '../../providers/http-a/http-a.webhook';
import { parseHttpBNotification } from '../../providers/http-b/http-b.webhook';
import { httpBWebhookKey } from '../../providers/http/http-provider-factories';
import { WebhookInvalidError, WebhookRequest, WebhookUnauthorizedError } from '../../providers/http/webhook-request';
import { MessagingOptions } from '../infrastructure/messaging-options';
import { ProviderSinks } from '../infrastructure/provider-sinks';
import { notFound, providerCannot, SMS_RESOURCE } from '../domain/sms-errors';
import { ApiRoute } from '@berth/openapi';

/**
 * Where HTTP providers push inbound messages and receipts (docs/sms-http-providers.md). No
 * platform credentials: each call is authenticated by what the provider signs (provider A: the
 * tenant's `webhookSecret`; provider B: the callbackData Berth signed when sending). 204 when
 * taken, 401 when not authentic, 422 when unreadable, 404 for a provider without webhooks.
 */
@Controller('service/messaging/providers/webhooks')
export class WebhooksController {
  private readonly httpBKey: string;

  constructor(private readonly options: MessagingOptions, private readonly sinks: ProviderSinks, @Inject(BASE_CONFIG) config: SmsAdapterConfig) {
    this.httpBKey = httpBWebhookKey(config.BERTH_INTERNAL_KEY);
  }

  @Public()
  @Post(':provider/:tenant')
  @ApiRoute('A provider\'s delivery receipt or inbound message (signed by the provider)', { status: 204, public: true, accepts: 'json:providerWebhook' })
  @HttpCode(204)
  async receive(@Param('provider') provider: string, @Param('tenant') tenant: string, @Req() req: RawBodyRequest<FastifyRequest>): Promise<void> {
    const call: WebhookRequest = { headers: req.headers, rawBody: req.rawBody ?? '' };
    try {
      if (provider === 'http-a') {
        const settings = await this.options.get(tenant);
        await deliverHttpAWebhook(call, settings['credentials.http-a.webhookSecret'], this.sinks.of(tenant));
      } else if (provider === 'http-b') {
        await this.sinks.of(tenant).receipt(parseHttpBNotification(call, tenant, this.httpBKey));
      } else {
        throw notFound(`Webhook of provider ${provider}`);
      }
    } catch (err) {
      if (err instanceof WebhookUnauthorizedError) throw new DomainError(SMS_RESOURCE, 'Unauthorized', err.message);
      if (err instanceof WebhookInvalidError) throw providerCannot(err.message);
      throw err;
    }
  }
}
