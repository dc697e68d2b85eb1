import { Injectable } from '@nestjs/common';
import { ApplicationCreated, ApplicationCreatedV1, ApplicationDeleted, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { BootstrapUserWriter } from './bootstrap-user-writer';

/**
 * A MICROSERVICE application gets its bootstrap user `servicebootstrap_<app>` in its owner tenant
 * when it is created, and loses it when it is deleted (docs/api/applications.md). A TRANSIENT creation
 * stores no application, so it makes no user. Idempotent.
 */
@Injectable()
export class BootstrapUsersConsumer implements MessageConsumer {
  readonly topics = [Topics.applicationEvents];

  constructor(private readonly bootstrapUsers: BootstrapUserWriter) {}

  async handle(envelope: Envelope): Promise<void> {
    const created = envelope.type === ApplicationCreated.type ? true : envelope.type === ApplicationDeleted.type ? false : undefined;
    if (created === undefined || envelope.version !== ApplicationCreated.version) return;
    const p = (envelope.payload ?? {}) as Partial<ApplicationCreatedV1>;
    if (p.type !== 'MICROSERVICE' || (created && envelope.processingMode === 'TRANSIENT')) return;
    if (typeof p.id !== 'string' || typeof p.name !== 'string' || typeof p.ownerTenant !== 'string') {
      throw new PermanentError(`${envelope.type} without id, name and ownerTenant`);
    }
    const app = { tenant: p.ownerTenant, applicationId: p.id, applicationName: p.name };
    if (created) await this.bootstrapUsers.grant(app);
    else await this.bootstrapUsers.revoke(app);
  }
}
