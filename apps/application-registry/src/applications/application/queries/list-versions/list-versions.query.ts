import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationVersion } from '../../../domain/application-version';

/** An application's versions, oldest first, optionally only the one named by `version` or carrying `tag`. */
export class ListVersionsQuery extends Query<ApplicationVersion[]> {
  constructor(readonly id: string, readonly selector: { version?: string; tag?: string }, readonly caller: Principal) {
    super();
  }
}
