import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/** Ends `tenant`'s subscription to an application, unless another subscription depends on it. */
export class UnsubscribeTenantCommand extends Command<void> {
  constructor(readonly tenant: string, readonly applicationId: string, readonly caller: Principal) {
    super();
  }
}
