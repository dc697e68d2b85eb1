import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { RUNTIME_DRIVER, RuntimeDriver } from '../../ports/runtime-driver';
import { visibleDeployments } from '../visible-deployments';
import { GetLogsQuery, InstanceLogs } from './get-logs.query';

/** Reads an instance's output through the runtime driver; 404 for an instance that is not one of the caller's visible deployments. */
@QueryHandler(GetLogsQuery)
export class GetLogsHandler implements IQueryHandler<GetLogsQuery> {
  constructor(private readonly store: HostingStore, @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver) {}

  async execute({ applicationId, instanceName, window, caller, managementTenant }: GetLogsQuery): Promise<InstanceLogs> {
    const deployments = new Set((await visibleDeployments(this.store, applicationId, caller, managementTenant)).map((d) => d._id));
    const instance = (await this.driver.list()).find((i) => i.name === instanceName && deployments.has(i.deploymentId));
    if (!instance) throw new DomainError('applications', 'Not Found', `Microservice application ${applicationId} has no instance ${instanceName}`);
    if (window.since && window.until && window.since > window.until) throw new DomainError('applications', 'Bad Request', 'dateFrom must not be after dateTo');
    const lines = await this.driver.logs(instance.id, { ...window, limit: window.limit + 1 });
    const truncated = lines.length > window.limit;
    const kept = truncated ? lines.slice(1) : lines;
    return {
      instanceName,
      ...(window.since ? { dateFrom: window.since.toISOString() } : {}),
      ...(window.until ? { dateTo: window.until.toISOString() } : {}),
      ...(kept[0]?.at ? { firstDateInLog: kept[0].at } : {}),
      ...(kept.at(-1)?.at ? { lastDateInLog: kept.at(-1)!.at } : {}),
      truncated,
      logs: kept.map((l) => l.text).join('\n'),
    };
  }
}
