import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { applicationStatus } from '../../../domain/application-status';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { GetStatusQuery } from './get-status.query';

/** 404 unless the caller's tenant owns the application, is the management tenant, or is subscribed to it. */
@QueryHandler(GetStatusQuery)
export class GetStatusHandler implements IQueryHandler<GetStatusQuery> {
  constructor(private readonly store: HostingStore) {}

  async execute({ applicationId, caller, managementTenant }: GetStatusQuery) {
    const app = await this.store.application(applicationId);
    const privileged = app && (app.ownerTenant === caller.tenant || caller.tenant === managementTenant);
    const subscribed = app && !privileged && (await this.store.subscribers(applicationId)).includes(caller.tenant);
    if (!app || app.deleted || !(privileged || subscribed)) {
      throw new DomainError('applications', 'Not Found', `Microservice application with id ${applicationId} not found`);
    }
    const deployments = (await this.store.ofApplication(applicationId)).filter((d) => privileged || d.tenants.includes(caller.tenant));
    return applicationStatus(applicationId, deployments);
  }
}
