import { Injectable } from '@nestjs/common';
import { MESSAGING_CATEGORY, OptionChanged, OptionChangedV1, Topics } from '@berth/contracts';
import type { Envelope } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { MessagingOptions } from './messaging-options';

/**
 * Drops a tenant's cached messaging options (and remakes its provider) when one of them changes.
 * Events from before this process started are skipped: its cache began empty after them, and a
 * replay of the topic must not make it read every tenant's options.
 */
@Injectable()
export class OptionEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.optionEvents];

  private readonly startedAt = Date.now();

  constructor(private readonly options: MessagingOptions) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== OptionChanged.type || envelope.version !== OptionChanged.version) return;
    if (Date.parse(envelope.time) < this.startedAt) return;
    const { category, scope } = (envelope.payload ?? {}) as Partial<OptionChangedV1>;
    if (category !== MESSAGING_CATEGORY || scope === 'system') return;
    this.options.changed(envelope.tenantId);
  }
}
