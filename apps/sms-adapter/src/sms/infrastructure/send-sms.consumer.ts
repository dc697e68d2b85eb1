import { Injectable, Logger } from '@nestjs/common';
import { SendSms, SendSmsV1, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { deadlineOf, isPast } from '../../providers/message-deadline';
import { AcceptRequest } from '../application/accept-request';
import { e164Of } from '../domain/phone-address';
import { requestId } from '../domain/sms-request';
import { MessagingOptions } from './messaging-options';

/**
 * `sms.cmd.send.v1` (TFA pins): one request through the same store and queue as an API send request, from the
 * tenant's `sms.senderAddress`. Its id comes from the message id, so a redelivered command sends
 * once; an expired one is dropped, as is one the tenant cannot send (no sender, bad number).
 */
@Injectable()
export class SendSmsConsumer implements MessageConsumer {
  readonly topics = [Topics.smsSendCommands];
  private readonly logger = new Logger('SendSmsConsumer');

  constructor(private readonly options: MessagingOptions, private readonly accept: AcceptRequest) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== SendSms.type || envelope.version !== SendSms.version) return;
    const command = (envelope.payload ?? {}) as Partial<SendSmsV1>;
    const tenant = command.tenant ?? envelope.tenantId;
    if (typeof tenant !== 'string' || typeof command.text !== 'string') throw new PermanentError('SendSms without tenant or text');
    if (isPast(deadlineOf(command.expiresAt))) return this.drop(envelope, 'expired');
    const address = e164Of(typeof command.phoneNumber === 'string' && !command.phoneNumber.startsWith('tel:') ? `tel:${command.phoneNumber.replace(/[\s()-]/g, '')}` : command.phoneNumber);
    if (!address) return this.drop(envelope, 'the phone number is not a valid E.164 number');
    const settings = await this.options.get(tenant);
    const sender = e164Of(settings['sms.senderAddress']?.startsWith('tel:') ? settings['sms.senderAddress'] : `tel:${settings['sms.senderAddress'] ?? ''}`);
    if (!sender) return this.drop(envelope, `tenant ${tenant} has no valid messaging/sms.senderAddress`);
    await this.accept.run({
      _id: requestId(tenant, `command\n${envelope.id}`), tenant, senderAddress: sender, senderName: settings['sms.senderName'],
      message: command.text, purpose: command.purpose, expiresAt: command.expiresAt,
      deliveries: [{ address, status: 'MessageWaiting' }], createdAt: new Date(),
    });
  }

  private drop(envelope: Envelope, why: string) {
    this.logger.warn(`SendSms ${envelope.id} dropped: ${why}`);
  }
}
