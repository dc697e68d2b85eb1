import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { windowed } from '../../../domain/ended-instance';
import { EndedInstancesStore } from '../../../infrastructure/ended-instances.store';
import { HostingStore } from '../../../infrastructure/hosting.store';
import { LogLine, RUNTIME_DRIVER, RuntimeDriver } from '../../ports/runtime-driver';
import { visibleDeployments } from '../visible-deployments';
import { GetLogsQuery, InstanceLogs } from './get-logs.query';

/**
 * Reads an instance's output through the runtime driver, or the kept output of an ended instance
 * (docs/api/hosting.md); 404 for an instance that is neither of the caller's visible deployments.
 */
@QueryHandler(GetLogsQuery)
export class GetLogsHandler implements IQueryHandler<GetLogsQuery> {
  constructor(private readonly store: HostingStore, private readonly ended: EndedInstancesStore, @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver) {}

  async execute({ applicationId, instanceName, window, caller, managementTenant }: GetLogsQuery): Promise<InstanceLogs> {
    const deployments = (await visibleDeployments(this.store, applicationId, caller, managementTenant)).map((d) => d._id);
    const instance = (await this.driver.list()).find((i) => i.name === instanceName && deployments.includes(i.deploymentId));
    const gone = instance ? undefined : await this.ended.find(applicationId, instanceName, deployments);
    if (!instance && !gone) throw new DomainError('applications', 'Not Found', `Microservice application ${applicationId} has no instance ${instanceName}`);
    if (window.since && window.until && window.since > window.until) throw new DomainError('applications', 'Bad Request', 'dateFrom must not be after dateTo');
    const asked = { ...window, limit: window.limit + 1 };
    const lines: LogLine[] = instance ? await this.driver.logs(instance.id, asked) : windowed(gone!.lines, asked);
    // An ended instance's older output that did not fit its bound is missing too, unless the window starts after it.
    const cutBefore = !!gone?.cut && !(window.since && gone.lines[0]?.at && window.since.toISOString() >= gone.lines[0].at);
    const truncated = lines.length > window.limit || cutBefore;
    const kept = lines.length > window.limit ? lines.slice(1) : lines;
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
