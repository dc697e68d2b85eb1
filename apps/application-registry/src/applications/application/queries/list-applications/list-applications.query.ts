import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { PageQuery } from '@berth/paging';
import type { ApplicationDocument } from '../../../domain/application';

/** The filters clients send on application collections (docs/api/applications.md); all of them narrow what the caller may see. */
export interface ApplicationCriteria {
  name?: string;
  owner?: string;
  /** Subscribed by this tenant, and not owned by it. */
  providedFor?: string;
  /** Subscribed by this tenant. */
  subscriber?: string;
  /** Owned by or subscribed by this tenant. */
  tenant?: string;
  type?: string[];
  /** Visible to this user; users are of the caller's tenant, so this is what the caller sees. */
  user?: string;
  hasVersions?: boolean;
}

export interface ApplicationPage { applications: ApplicationDocument[]; total?: number }

/** A page of the applications the caller may see that match the criteria, in id order. */
export class ListApplicationsQuery extends Query<ApplicationPage> {
  constructor(readonly criteria: ApplicationCriteria, readonly page: PageQuery, readonly caller: Principal) {
    super();
  }
}
