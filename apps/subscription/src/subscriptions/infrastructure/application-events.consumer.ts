import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  activatedRoles, ApplicationCreated, ApplicationCreatedV1, ApplicationDeleted, ApplicationDeletedV1, ApplicationUpdated, ApplicationVersionActivated,
  ApplicationVersionActivatedV1, Topics,
} from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { EndSubscriptionsCommand } from '../application/commands/end-subscriptions/end-subscriptions.command';
import { CatalogueProjection } from './catalogue.projection';

/**
 * Keeps the known applications from `registry.application.v1` (an uploaded or activated version
 * brings its manifest's `requiredRoles`, isolation and version); on `ApplicationDeleted` (forced
 * or not) ends every subscription to the application. Idempotent.
 */
@Injectable()
export class ApplicationEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.applicationEvents];

  constructor(private readonly catalogue: CatalogueProjection, private readonly commands: CommandBus) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.version !== ApplicationCreated.version) return;
    const version = Number(envelope.aggregateVersion) || 0;
    if (envelope.type === ApplicationCreated.type || envelope.type === ApplicationUpdated.type) {
      const p = envelope.payload as ApplicationCreatedV1;
      if (typeof p?.id !== 'string' || typeof p.name !== 'string') throw new PermanentError(`${envelope.type} without id and name`);
      await this.catalogue.applyApplication({
        _id: p.id, name: p.name, type: p.type, owner: p.ownerTenant, deleted: false, version,
        ...(p.key ? { key: p.key } : {}), ...(p.availability ? { availability: p.availability } : {}),
        ...(p.dependencies ? { dependencies: p.dependencies } : {}), ...(p.requiredRoles ? { requiredRoles: p.requiredRoles } : {}),
        ...(p.isolation ? { isolation: p.isolation } : {}), ...(p.manifestVersion ? { manifestVersion: p.manifestVersion } : {}),
      });
    } else if (envelope.type === ApplicationVersionActivated.type) {
      const p = envelope.payload as ApplicationVersionActivatedV1;
      if (typeof p?.id !== 'string') throw new PermanentError('ApplicationVersionActivated without id');
      if (p.type === 'MICROSERVICE') await this.catalogue.applyManifest(p.id, version, manifestFields(p));
    } else if (envelope.type === ApplicationDeleted.type) {
      const p = envelope.payload as ApplicationDeletedV1;
      if (typeof p?.id !== 'string') throw new PermanentError('ApplicationDeleted without id');
      await this.catalogue.applyApplication({ _id: p.id, name: p.name, type: p.type, owner: p.ownerTenant, deleted: true, version });
      await this.commands.execute(new EndSubscriptionsCommand({ applicationId: p.id, tenants: p.subscribedTenants ?? [] }));
    }
  }
}

/** The event's own fields; from the manifest itself for events of registries that did not send them. */
function manifestFields(p: ApplicationVersionActivatedV1): Pick<ApplicationCreatedV1, 'requiredRoles' | 'isolation' | 'manifestVersion'> & { roles: string[] } {
  const manifest = p.manifest ?? {};
  const isolation = p.isolation ?? (manifest.isolation === 'PER_TENANT' || manifest.isolation === 'MULTI_TENANT' ? manifest.isolation : undefined);
  const manifestVersion = p.manifestVersion ?? (typeof manifest.version === 'string' ? manifest.version : undefined);
  return {
    ...activatedRoles(p),
    ...(isolation ? { isolation } : {}), ...(manifestVersion ? { manifestVersion } : {}),
  };
}
