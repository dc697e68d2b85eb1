import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import { MicroserviceRoles, microserviceRoles } from '../../../domain/microservice-roles';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { GetApplicationRolesQuery } from './get-application-roles.query';

@QueryHandler(GetApplicationRolesQuery)
export class GetApplicationRolesHandler implements IQueryHandler<GetApplicationRolesQuery> {
  constructor(private readonly repository: ApplicationRepository) {}

  async execute({ id }: GetApplicationRolesQuery): Promise<MicroserviceRoles> {
    const app = await this.repository.findById(id);
    if (!app) throw new DomainError('applications', 'Not Found', `Application with id ${id} not found`);
    return app.type === 'MICROSERVICE' ? microserviceRoles(app) : { requiredRoles: [], roles: [] };
  }
}
