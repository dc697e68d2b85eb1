import { Command } from '@nestjs/cqrs';

export interface EnsureManagementTenantResult { tenantCreated: boolean; adminCreated: boolean }

/** Makes sure the management tenant and its `admin` user exist; never changes existing ones. */
export class EnsureManagementTenantCommand extends Command<EnsureManagementTenantResult> {
  constructor(readonly tenantId: string, readonly adminPassword: string | undefined) {
    super();
  }
}
