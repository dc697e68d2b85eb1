import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError, parseTimestamp } from '@berth/http';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import { GetLogsQuery } from '../application/queries/get-logs/get-logs.query';
import { ApiRoute } from '@berth/openapi';

/** The most lines one answer may hold. */
export const MAX_LINES = 10_000;
/** The query parameters' schemas: timestamps with a zone, a whole number of lines; empty is as if left out. */
export const LOGS_PARAMS = {
  dateFrom: { type: 'string', format: 'date-time' }, dateTo: { type: 'string', format: 'date-time' },
  limit: { type: 'integer', minimum: 1, maximum: MAX_LINES },
};
const bad = (message: string) => new DomainError('applications', 'Bad Request', message);

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    return parseTimestamp(value, name, 'applications').date;
  } catch (err) {
    throw bad((err as Error).message);
  }
}

/**
 * An instance's logs (docs/api/hosting.md), `?dateFrom&dateTo&limit` (newest `limit` lines,
 * default 1000). Malformed parameters are 400; an unknown instance 404 before a window that ends before it starts (400).
 */
@Controller('application/applications/:id/logs')
export class LogsController {
  constructor(private readonly queries: QueryBus, @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig) {}

  @Get(':instance')
  @ApiRoute('Logs of a microservice instance', { returns: 'json:instanceLogs', params: LOGS_PARAMS })
  @Roles(...RoleSets.applicationRead)
  logs(
    @Param('id') id: string, @Param('instance') instance: string, @CurrentPrincipal() caller: Principal,
    @Query('dateFrom') dateFrom?: string, @Query('dateTo') dateTo?: string, @Query('limit') limit?: string,
  ) {
    const since = date('dateFrom', dateFrom);
    const until = date('dateTo', dateTo);
    const lines = limit === undefined || limit === '' ? 1000 : /^[0-9]+$/.test(limit) ? Number(limit) : NaN;
    if (!(lines >= 1 && lines <= MAX_LINES)) throw bad(`limit must be a whole number from 1 to ${MAX_LINES}, got ${limit}`);
    return this.queries.execute(new GetLogsQuery(id, instance, { since, until, limit: lines }, caller, this.config.BERTH_MANAGEMENT_TENANT));
  }
}
