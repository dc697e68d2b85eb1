import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApplicationVersion, selectVersion } from '../../../domain/application-version';
import { ApplicationAccess } from '../../application-access';
import { ListVersionsQuery } from './list-versions.query';

@QueryHandler(ListVersionsQuery)
export class ListVersionsHandler implements IQueryHandler<ListVersionsQuery> {
  constructor(private readonly access: ApplicationAccess) {}

  async execute({ id, selector, caller }: ListVersionsQuery): Promise<ApplicationVersion[]> {
    const app = await this.access.visible(id, caller);
    const versions = (app.applicationVersions ?? []) as ApplicationVersion[];
    if (selector.version === undefined && selector.tag === undefined) return versions;
    return [selectVersion(versions, selector, id)];
  }
}
