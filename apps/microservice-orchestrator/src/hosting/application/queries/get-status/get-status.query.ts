import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationStatus } from '../../../domain/application-status';

/** The status of an application's deployments as `caller` may see it (a PER_TENANT subscriber sees its own deployment). */
export class GetStatusQuery extends Query<ApplicationStatus> {
  constructor(readonly applicationId: string, readonly caller: Principal, readonly managementTenant: string) {
    super();
  }
}
