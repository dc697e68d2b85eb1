import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApplicationDocument } from '../../../domain/application';
import { ApplicationAccess } from '../../application-access';
import { GetApplicationQuery } from './get-application.query';

@QueryHandler(GetApplicationQuery)
export class GetApplicationHandler implements IQueryHandler<GetApplicationQuery> {
  constructor(private readonly access: ApplicationAccess) {}

  execute({ id, caller }: GetApplicationQuery): Promise<ApplicationDocument> {
    return this.access.visible(id, caller);
  }
}
