import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { applicationStatus } from '../../../domain/application-status';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { visibleDeployments } from '../visible-deployments';
import { GetStatusQuery } from './get-status.query';

/** 404 unless the caller's tenant owns the application, is the management tenant, or is subscribed to it. */
@QueryHandler(GetStatusQuery)
export class GetStatusHandler implements IQueryHandler<GetStatusQuery> {
  constructor(private readonly store: HostingStore) {}

  async execute({ applicationId, caller, managementTenant }: GetStatusQuery) {
    return applicationStatus(applicationId, await visibleDeployments(this.store, applicationId, caller, managementTenant));
  }
}
