import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { LogWindow } from '../../ports/runtime-driver';

/** The logs of one instance, as in the real platform: the window asked, the first and last time found, the text. */
export interface InstanceLogs {
  instanceName: string;
  dateFrom?: string;
  dateTo?: string;
  firstDateInLog?: string;
  lastDateInLog?: string;
  /** More lines than `limit` were in the window; the newest are given. */
  truncated: boolean;
  logs: string;
}

/** The logs of instance `instanceName` of an application, as `caller` may see them. */
export class GetLogsQuery extends Query<InstanceLogs> {
  constructor(readonly applicationId: string, readonly instanceName: string, readonly window: LogWindow, readonly caller: Principal, readonly managementTenant: string) {
    super();
  }
}
