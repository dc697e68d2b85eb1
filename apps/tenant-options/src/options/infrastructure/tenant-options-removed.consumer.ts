import { Injectable } from '@nestjs/common';
import { TenantChanged, TenantChangedV1, Topics } from '@berth/contracts';
import type { Envelope } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { OptionRepository } from './option.repository';

/** On `TenantChanged(deleted)`: removes the tenant's options. Idempotent. */
@Injectable()
export class TenantOptionsRemovedConsumer implements MessageConsumer {
  readonly topics = [Topics.tenantEvents];

  constructor(private readonly options: OptionRepository) {}

  async handle(envelope: Envelope) {
    const { tenant, change } = envelope.payload as TenantChangedV1;
    if (envelope.type === TenantChanged.type && change === 'deleted') await this.options.removeTenant(tenant);
  }
}
