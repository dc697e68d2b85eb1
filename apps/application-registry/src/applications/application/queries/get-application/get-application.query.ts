import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** One application the caller may see (docs/security.md, "Who sees which application"); 404 otherwise. */
export class GetApplicationQuery extends Query<ApplicationDocument> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
