import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { applicationStatus, ApplicationStatus } from '../../../domain/application-status';
import { EndedInstancesStore } from '../../../infrastructure/ended-instances.store';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { visibleDeployments } from '../visible-deployments';
import { GetStatusQuery } from './get-status.query';

/** 404 unless the caller's tenant owns the application, is the management tenant, or is subscribed to it. Lists the ended instances of the deployments it shows. */
@QueryHandler(GetStatusQuery)
export class GetStatusHandler implements IQueryHandler<GetStatusQuery> {
  constructor(private readonly store: HostingStore, private readonly ended: EndedInstancesStore) {}

  async execute({ applicationId, caller, managementTenant }: GetStatusQuery): Promise<ApplicationStatus> {
    const deployments = await visibleDeployments(this.store, applicationId, caller, managementTenant);
    const ended = await this.ended.list(applicationId, deployments.map((d) => d._id));
    return {
      ...applicationStatus(applicationId, deployments),
      endedInstances: ended.map(({ _id, applicationId: _app, deploymentId: _deployment, ...shown }) => shown),
    };
  }
}
