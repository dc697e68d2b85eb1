import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InternalOnly } from '@berth/auth';
import type { MicroserviceRoles } from '../domain/microservice-roles';
import { GetApplicationRolesQuery } from '../application/queries/get-application-roles/get-application-roles.query';

/**
 * `GET /internal/applications/{id}/roles`: a microservice's current `requiredRoles` and manifest
 * `roles`, read by the subscription app when a tenant subscribes or accepts widened roles.
 * Not routed by the gateway; only another app's internal principal may call it.
 */
@Controller('internal/applications')
export class InternalRolesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/roles')
  @InternalOnly()
  roles(@Param('id') id: string): Promise<MicroserviceRoles> {
    return this.queries.execute(new GetApplicationRolesQuery(id));
  }
}
