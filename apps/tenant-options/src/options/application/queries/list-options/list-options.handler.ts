import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { scopeOwner } from '../../../domain/option-scope';
import { OptionRepository } from '../../../infrastructure/option.repository';
import { OptionViews } from '../../option-views';
import { ListOptionsQuery } from './list-options.query';

@QueryHandler(ListOptionsQuery)
export class ListOptionsHandler implements IQueryHandler<ListOptionsQuery> {
  constructor(private readonly repository: OptionRepository, private readonly views: OptionViews) {}

  async execute({ scope, page, principal }: ListOptionsQuery) {
    const owner = scopeOwner(scope);
    const docs = await this.repository.list(owner, page.skip, page.pageSize);
    const total = page.withTotalPages ? await this.repository.count(owner) : undefined;
    return { options: docs.map((doc) => this.views.view(doc, principal)), ...(total === undefined ? {} : { total }) };
  }
}
