import { Command } from '@nestjs/cqrs';
import type { SmsRequestDocument } from '../../../domain/sms-request';

/** Sends one message to the addresses of a OneAPI body, for `tenant`, from the path's sender. */
export class SendSmsCommand extends Command<SmsRequestDocument> {
  constructor(readonly tenant: string, readonly pathSender: string, readonly body: unknown) {
    super();
  }
}
