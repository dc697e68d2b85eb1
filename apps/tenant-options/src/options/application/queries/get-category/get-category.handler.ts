import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { checkCategory } from '../../../domain/option-name';
import { scopeOwner } from '../../../domain/option-scope';
import { OptionRepository } from '../../../infrastructure/option.repository';
import { OptionViews } from '../../option-views';
import { GetCategoryQuery } from './get-category.query';

@QueryHandler(GetCategoryQuery)
export class GetCategoryHandler implements IQueryHandler<GetCategoryQuery> {
  constructor(private readonly repository: OptionRepository, private readonly views: OptionViews) {}

  async execute({ scope, category, principal }: GetCategoryQuery) {
    checkCategory(category);
    const map: Record<string, string> = {};
    for (const doc of await this.repository.listCategory(scopeOwner(scope), category)) {
      const value = this.views.valueFor(doc, principal);
      if (value !== undefined) map[doc.key] = value;
    }
    return map;
  }
}
