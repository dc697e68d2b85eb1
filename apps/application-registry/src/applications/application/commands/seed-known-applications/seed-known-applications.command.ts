import { Command } from '@nestjs/cqrs';

export interface SeedKnownApplicationsResult { created: string[]; skipped: boolean }

/** At first start: registers SPEC.md's known applications, owned by the management tenant, as MARKET. */
export class SeedKnownApplicationsCommand extends Command<SeedKnownApplicationsResult> {
  constructor(readonly managementTenant: string) {
    super();
  }
}
