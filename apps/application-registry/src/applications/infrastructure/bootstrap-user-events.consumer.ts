import { Injectable } from '@nestjs/common';
import { SecretBox } from '@berth/auth';
import { BootstrapUserCreated, BootstrapUserCreatedV1, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { BootstrapUserStore } from './bootstrap-user.store';

/**
 * Stores the sealed password of a bootstrap user tenant-options made for a microservice with
 * the application, as it came. Idempotent; an older announcement never replaces a newer one.
 */
@Injectable()
export class BootstrapUserEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.userEvents];

  constructor(private readonly users: BootstrapUserStore) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== BootstrapUserCreated.type || envelope.version !== BootstrapUserCreated.version) return;
    const p = (envelope.payload ?? {}) as Partial<BootstrapUserCreatedV1>;
    if (typeof p.tenant !== 'string' || typeof p.applicationId !== 'string' || typeof p.userName !== 'string' || !SecretBox.isSealed(p.sealedPassword)) {
      throw new PermanentError('BootstrapUserCreated without tenant, applicationId, userName and a sealed password');
    }
    await this.users.store(p.applicationId, { tenant: p.tenant, userName: p.userName, sealedPassword: p.sealedPassword, userVersion: Number(envelope.aggregateVersion) || 0 });
  }
}
