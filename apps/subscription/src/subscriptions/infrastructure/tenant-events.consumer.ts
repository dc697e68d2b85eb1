import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { TenantChanged, TenantChangedV1, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { EndSubscriptionsCommand } from '../application/commands/end-subscriptions/end-subscriptions.command';
import { CatalogueProjection } from './catalogue.projection';

/** Keeps the known tenants (with their parents) from `tenant.tenant.v1`; a deleted tenant's subscriptions all end. Idempotent. */
@Injectable()
export class TenantEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.tenantEvents];

  constructor(private readonly catalogue: CatalogueProjection, private readonly commands: CommandBus) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== TenantChanged.type || envelope.version !== TenantChanged.version) return;
    const { tenant, change, parent } = (envelope.payload ?? {}) as Partial<TenantChangedV1>;
    if (typeof tenant !== 'string') throw new PermanentError('TenantChanged without tenant');
    const deleted = change === 'deleted';
    await this.catalogue.applyTenant({ _id: tenant, ...(typeof parent === 'string' ? { parent } : {}), deleted, version: Number(envelope.aggregateVersion) || 0 });
    if (deleted) await this.commands.execute(new EndSubscriptionsCommand({ tenant }));
  }
}
