import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/** The calling microservice's settings, resolved against its owner tenant's options (key → value). */
export class GetCurrentSettingsQuery extends Query<Record<string, string>> {
  constructor(readonly caller: Principal) {
    super();
  }
}
