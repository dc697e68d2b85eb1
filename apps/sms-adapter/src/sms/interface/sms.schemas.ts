import type { Json } from '@berth/openapi';
import { SMS_PROVIDERS } from '@berth/contracts';
import { TEL_PATTERN } from '../domain/phone-address';
import { MAX_ADDRESSES, MAX_LENGTHS } from '../domain/send-request';

const str = { type: 'string' };
const tel = { type: 'string', pattern: TEL_PATTERN };
/** An optional string of at most `max` characters; `null` is as if left out. */
const upTo = (max: number) => ({ type: ['string', 'null'], maxLength: max });
/** A PUT of the configuration: one provider and its own settings, each a string. */
const providerChoice = (id: string, keys: readonly { name: string }[]) => ({
  type: 'object', required: ['provider'],
  properties: {
    provider: { const: id }, senderAddress: { type: ['string', 'null'] }, senderName: { type: ['string', 'null'] },
    settings: { type: ['object', 'null'], additionalProperties: false, properties: Object.fromEntries(keys.map((k) => [k.name, str])) },
  },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The SMS interface's resources (OneAPI shapes) in the OpenAPI document, by name (see `@ApiRoute`). */
export const SMS_SCHEMAS: Json = {
  outboundMessageRequest: {
    type: 'object', required: ['outboundSMSMessageRequest'],
    properties: {
      outboundSMSMessageRequest: {
        type: 'object', required: ['address', 'senderAddress', 'outboundSMSTextMessage'],
        description: 'senderAddress must be the sender of the path or the tenant\'s sms.senderAddress; the numbers must be valid, assigned E.164 numbers',
        properties: {
          address: { type: 'array', minItems: 1, maxItems: MAX_ADDRESSES, items: tel, description: '`tel:` URIs of the recipients' },
          senderAddress: tel, senderName: upTo(MAX_LENGTHS.senderName), clientCorrelator: upTo(MAX_LENGTHS.clientCorrelator),
          outboundSMSTextMessage: { type: 'object', required: ['message'], properties: { message: { type: 'string', minLength: 1 } } },
          receiptRequest: { type: 'object', properties: { notifyUrl: upTo(MAX_LENGTHS.notifyUrl), callbackData: upTo(MAX_LENGTHS.callbackData) } },
        },
      },
    },
  },
  resourceReference: { type: 'object', required: ['resourceReference'], properties: { resourceReference: { type: 'object', required: ['resourceURL'], properties: { resourceURL: str } } } },
  deliveryInfoList: {
    type: 'object', required: ['deliveryInfoList'],
    properties: {
      deliveryInfoList: {
        type: 'object', required: ['deliveryInfo', 'resourceURL'],
        properties: {
          resourceURL: str,
          deliveryInfo: { type: 'array', items: { type: 'object', required: ['address', 'deliveryStatus'], properties: { address: str, deliveryStatus: str, description: str } } },
        },
      },
    },
  },
  inboundMessage: {
    type: 'object', required: ['inboundSMSMessage'],
    properties: {
      inboundSMSMessage: {
        type: 'object', required: ['messageId', 'message', 'resourceURL'],
        properties: { dateTime: str, destinationAddress: str, messageId: str, message: str, resourceURL: str, senderAddress: str },
      },
    },
  },
  inboundMessageList: { type: 'object', required: ['inboundSMSMessageList'], properties: { inboundSMSMessageList: { type: 'array', items: ref('inboundMessage') } } },
  providerDefinitions: { type: 'object', required: ['definitions'], properties: { definitions: { type: 'array', items: { type: 'object' } } } },
  providerWebhook: { type: 'object', description: 'What the provider pushes (inbound message or receipt), in its own format, signed by it' },
  providerConfiguration: {
    type: 'object', description: 'The chosen provider and its settings; secrets are never shown',
    properties: {
      provider: { type: ['string', 'null'] }, senderAddress: { type: ['string', 'null'] }, senderName: { type: ['string', 'null'] },
      settings: { type: 'object', additionalProperties: str }, secrets: { type: 'object', additionalProperties: { type: 'boolean' } },
    },
  },
  providerConfigurationRequest: {
    description: 'The provider to use, the sender, and the provider\'s settings (see the definitions)',
    oneOf: SMS_PROVIDERS.map((p) => providerChoice(p.id, p.keys)),
  },
};
