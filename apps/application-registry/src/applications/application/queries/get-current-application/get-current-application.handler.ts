import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApplicationDocument } from '../../../domain/application';
import { CurrentApplication } from '../../current-application';
import { GetCurrentApplicationQuery } from './get-current-application.query';

@QueryHandler(GetCurrentApplicationQuery)
export class GetCurrentApplicationHandler implements IQueryHandler<GetCurrentApplicationQuery> {
  constructor(private readonly current: CurrentApplication) {}

  execute({ caller }: GetCurrentApplicationQuery): Promise<ApplicationDocument> {
    return this.current.of(caller);
  }
}
