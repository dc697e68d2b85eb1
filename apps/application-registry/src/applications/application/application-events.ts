import { Inject, Injectable } from '@nestjs/common';
import {
  ApplicationCreated, ApplicationCreatedV1, ApplicationDeleted, ApplicationUpdated, ApplicationVersionActivated, effectiveProcessingMode, isStored,
  ProcessingMode,
} from '@berth/contracts';
import { currentWork, Publisher } from '@berth/messaging';
import { Outbox, OutboxMessage, PUBLISHER } from '@berth/runtime';
import { ApplicationDocument } from '../domain/application';
import type { ApplicationVersion } from '../domain/application-version';
import { microserviceRoles } from '../domain/microservice-roles';

function microserviceFields(app: ApplicationDocument): Partial<ApplicationCreatedV1> {
  if (app.type !== 'MICROSERVICE') return {};
  const manifest = (app.manifest ?? {}) as Record<string, unknown>;
  const isolation = manifest.isolation === 'PER_TENANT' || manifest.isolation === 'MULTI_TENANT' ? manifest.isolation : undefined;
  return {
    requiredRoles: microserviceRoles(app).requiredRoles,
    ...(isolation ? { isolation } : {}),
    ...(typeof manifest.version === 'string' ? { manifestVersion: manifest.version } : {}),
  };
}

function summary(app: ApplicationDocument): ApplicationCreatedV1 {
  return {
    id: app._id, name: app.name, type: app.type, ownerTenant: app.owner, key: app.key, availability: app.availability,
    ...(app.contextPath ? { contextPath: app.contextPath } : {}),
    ...(app.dependencies ? { dependencies: app.dependencies } : {}),
    ...microserviceFields(app),
  };
}

/**
 * The registry's events on `registry.application.v1` and the processing mode of the request
 * (docs/api/conventions.md): PERSISTENT stores and notifies; TRANSIENT notifies without storing, so
 * its messages are published at once instead of riding in a stored document; QUIESCENT and CEP
 * act as PERSISTENT for applications.
 */
@Injectable()
export class ApplicationEvents {
  constructor(private readonly outbox: Outbox, @Inject(PUBLISHER) private readonly publisher: Publisher) {}

  mode(): ProcessingMode {
    return effectiveProcessingMode(currentWork()?.processingMode ?? 'PERSISTENT', false);
  }

  stores(): boolean {
    return isStored(this.mode());
  }

  created(app: ApplicationDocument): OutboxMessage {
    return this.message(ApplicationCreated, app, summary(app));
  }

  updated(app: ApplicationDocument, changed: string[]): OutboxMessage {
    return this.message(ApplicationUpdated, app, { ...summary(app), changed });
  }

  deleted(app: ApplicationDocument, force: boolean, subscribedTenants: string[]): OutboxMessage {
    const { id, name, type, ownerTenant } = summary(app);
    return this.message(ApplicationDeleted, app, { id, name, type, ownerTenant, force, subscribedTenants });
  }

  versionActivated(app: ApplicationDocument, version: ApplicationVersion, reason: 'upload' | 'activate'): OutboxMessage {
    const { id, name, type, ownerTenant, contextPath } = summary(app);
    return this.message(ApplicationVersionActivated, app, {
      id, name, type, ownerTenant, ...(contextPath ? { contextPath } : {}), ...microserviceFields(app),
      version: version.version, binaryId: version.binaryId, ...(version.manifest ? { manifest: version.manifest } : {}), reason,
    });
  }

  /** Publishes messages of a write that is not stored (TRANSIENT). */
  async publishNow(messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) await this.publisher.publish(message.contract.topic, this.outbox.envelope(message));
  }

  private message<T>(contract: OutboxMessage<T>['contract'], app: ApplicationDocument, payload: T): OutboxMessage {
    return {
      contract,
      fields: { tenantId: app.owner, aggregateId: app._id, aggregateVersion: app._version, processingMode: this.mode(), payload },
    } as OutboxMessage;
  }
}
