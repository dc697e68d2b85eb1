import { Injectable } from '@nestjs/common';
import { TenantChanged, TenantChangedV1, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { TenantLineageProjection } from './tenant-lineage.projection';

/** Keeps the registry's tenant parents (which MARKET applications a tenant sees) from `tenant.tenant.v1`. Idempotent. */
@Injectable()
export class TenantEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.tenantEvents];

  constructor(private readonly lineage: TenantLineageProjection) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== TenantChanged.type || envelope.version !== TenantChanged.version) return;
    const { tenant, parent } = (envelope.payload ?? {}) as Partial<TenantChangedV1>;
    if (typeof tenant !== 'string') throw new PermanentError('TenantChanged without tenant');
    await this.lineage.apply(tenant, typeof parent === 'string' ? parent : undefined, Number(envelope.aggregateVersion) || 0);
  }
}
