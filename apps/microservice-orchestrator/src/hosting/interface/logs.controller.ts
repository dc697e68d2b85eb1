import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError } from '@berth/http';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import { GetLogsQuery } from '../application/queries/get-logs/get-logs.query';
import { ApiRoute } from '@berth/openapi';

const MAX_LINES = 10_000;
const bad = (message: string) => new DomainError('applications', 'Bad Request', message);

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw bad(`${name} must be a date (ISO 8601), got ${value}`);
  return parsed;
}

/** CLIENTS.md "hosting contract": an instance's logs, `?dateFrom&dateTo&limit` (newest `limit` lines, default 1000). */
@Controller('application/applications/:id/logs')
export class LogsController {
  constructor(private readonly queries: QueryBus, @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig) {}

  @Get(':instance')
  @ApiRoute('Logs of a microservice instance', { returns: 'json:instanceLogs' })
  @Roles(...RoleSets.applicationRead)
  logs(
    @Param('id') id: string, @Param('instance') instance: string, @CurrentPrincipal() caller: Principal,
    @Query('dateFrom') dateFrom?: string, @Query('dateTo') dateTo?: string, @Query('limit') limit?: string,
  ) {
    const since = date('dateFrom', dateFrom);
    const until = date('dateTo', dateTo);
    if (since && until && since > until) throw bad('dateFrom must not be after dateTo');
    const lines = limit === undefined || limit === '' ? 1000 : Number(limit);
    if (!Number.isInteger(lines) || lines < 1 || lines > MAX_LINES) throw bad(`limit must be a whole number from 1 to ${MAX_LINES}, got ${limit}`);
    return this.queries.execute(new GetLogsQuery(id, instance, { since, until, limit: lines }, caller, this.config.BERTH_MANAGEMENT_TENANT));
  }
}
