import { Command } from '@nestjs/cqrs';

/** Deletes a tenant; its users, options and subscriptions go through the `TenantChanged` event. */
export class DeleteTenantCommand extends Command<void> {
  constructor(readonly tenant: string) {
    super();
  }
}
