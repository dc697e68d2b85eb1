import { Command } from '@nestjs/cqrs';
import type { TenantRecord } from '../../../infrastructure/identity-records';

/** Creates a tenant with a generated id and its admin (`adminName`, `adminPass`, `adminEmail`), as a child of `parent` (the creator's tenant). */
export class CreateTenantCommand extends Command<TenantRecord> {
  constructor(readonly body: Record<string, unknown>, readonly parent: string) {
    super();
  }
}
