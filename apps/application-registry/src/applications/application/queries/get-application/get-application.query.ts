import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** One application the caller may see (SPEC.md row 4); 404 otherwise. */
export class GetApplicationQuery extends Query<ApplicationDocument> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
