import { Injectable } from '@nestjs/common';
import { TenantChanged, TenantChangedV1, Topics } from '@berth/contracts';
import type { Envelope } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { IdentityStore } from './identity-store';
import { LoginOptionStore } from './login-option-store';

/** On `TenantChanged(deleted)`: removes the tenant's users and login options and then the tenant's tombstone. Idempotent. */
@Injectable()
export class TenantDeletedConsumer implements MessageConsumer {
  readonly topics = [Topics.tenantEvents];

  constructor(private readonly store: IdentityStore, private readonly loginOptions: LoginOptionStore) {}

  async handle(envelope: Envelope) {
    if (envelope.type !== TenantChanged.type) return;
    const { tenant, change } = envelope.payload as TenantChangedV1;
    if (change !== 'deleted') return;
    await this.store.users.deleteMany({ tenant });
    await this.loginOptions.removeTenant(tenant);
    await this.store.tenants.deleteOne({ _id: tenant, deleted: true });
  }
}
