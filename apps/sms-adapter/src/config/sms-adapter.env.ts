import { baseConfigSchema, internalPortSchema, urlSchema, z } from '@berth/config';
import { outboundConfigSchema } from '@berth/runtime';
import { httpProvidersConfigSchema } from '../providers/http/http-provider-options';


export const smsAdapterConfigSchema = baseConfigSchema.merge(internalPortSchema(3104)).merge(httpProvidersConfigSchema).merge(outboundConfigSchema).extend({
  TENANT_OPTIONS_URL: urlSchema.default('http://127.0.0.1:3103')
    .describe('Where tenant-options is: the tenant\'s `messaging` options are read and written there.'),
  BERTH_SMS_MAX_SEGMENTS: z.coerce.number().int().min(1).max(255).default(6)
    .describe('Most segments (GSM-7: 160/153 characters, UCS-2: 70/67) one message may take.'),
  BERTH_SMS_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10)
    .describe('Attempts per delivery (and per receipt notification) before it ends as failed.'),
  BERTH_SMS_RETRY_DELAY_MS: z.coerce.number().int().min(10).default(1000)
    .describe('First retry delay in ms; each further retry waits twice as long.'),
  BERTH_SMS_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50)
    .describe('Deliveries one sms-adapter instance works on at once.'),
  BERTH_SMS_RECEIPT_WAIT_MS: z.coerce.number().int().min(0).default(60_000)
    .describe('How long after a submit that left unanswered (the adapter died, or no answer came in time) its retry waits for the provider\'s receipt to name it before sending it again (providers whose receipts carry the message\'s reference: SMPP); `0` sends again at once. Each waiting retry holds one of `BERTH_SMS_CONCURRENCY` meanwhile.'),
});
export type SmsAdapterConfig = z.infer<typeof smsAdapterConfigSchema>;
