import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import { GetStatusQuery } from '../application/queries/get-status/get-status.query';
import { ApiRoute } from '@berth/openapi';

/** The status of a microservice's deployments (docs/api/hosting.md). */
@Controller('application/applications/:id/status')
export class StatusController {
  constructor(private readonly queries: QueryBus, @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig) {}

  @Get()
  @ApiRoute('Deployment status of a microservice', { returns: 'json:applicationStatus' })
  @Roles(...RoleSets.applicationRead)
  status(@Param('id') id: string, @CurrentPrincipal() caller: Principal) {
    return this.queries.execute(new GetStatusQuery(id, caller, this.config.BERTH_MANAGEMENT_TENANT));
  }
}
