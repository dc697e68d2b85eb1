import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** The calling microservice's application (`GET /application/currentApplication`): 403 for anyone but a bootstrap user, 404 when its application is gone. */
export class GetCurrentApplicationQuery extends Query<ApplicationDocument> {
  constructor(readonly caller: Principal) {
    super();
  }
}
