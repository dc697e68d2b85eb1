import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface SendSmsV1 {
  tenant: string;
  /** The user the message is for, when it is for a user (e.g. a TFA pin). */
  userName?: string;
  /** Recipient, as the user's `phone` field holds it. */
  phoneNumber: string;
  /** The message text, in clear: the adapter sends it as is. */
  text: string;
  /** Why it is sent: `tfa-pin` for a two-factor login pin (short-lived, single use). */
  purpose: 'tfa-pin' | string;
  /** When the text stops being useful (ISO 8601); the adapter should drop it after that. */
  expiresAt?: string;
}

/** A command to the sms-adapter: send one SMS through the tenant's provider. Key: `<tenant>/<userName>` or the tenant. */
export const SendSms = defineContract<SendSmsV1>(Topics.smsSendCommands, 'SendSms', 1);
