import { Command } from '@nestjs/cqrs';
import type { TenantRecord } from '../../../infrastructure/identity-records';

/** Changes a tenant's company, domain, status, contact fields and custom properties (a partial update). */
export class UpdateTenantCommand extends Command<TenantRecord> {
  constructor(readonly tenant: string, readonly body: Record<string, unknown>) {
    super();
  }
}
