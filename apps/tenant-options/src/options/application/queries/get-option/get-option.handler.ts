import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { invalidOption, optionNotFound } from '../../../domain/option-errors';
import { checkCategory, checkKey } from '../../../domain/option-name';
import { optionId } from '../../../domain/option-scope';
import { EVALUATIONS, Evaluation } from '../../../domain/option-view';
import { OptionRepository } from '../../../infrastructure/option.repository';
import { OptionViews } from '../../option-views';
import { GetOptionQuery } from './get-option.query';

@QueryHandler(GetOptionQuery)
export class GetOptionHandler implements IQueryHandler<GetOptionQuery> {
  constructor(private readonly repository: OptionRepository, private readonly views: OptionViews) {}

  async execute({ scope, category, key, evaluate, principal }: GetOptionQuery) {
    checkCategory(category);
    checkKey(key);
    const evaluation = parseEvaluation(evaluate);
    let doc = await this.repository.findLive(optionId(scope, category, key));
    if (!doc && evaluation === 'inherited' && scope.kind === 'tenant') {
      doc = await this.repository.findLive(optionId({ kind: 'system', managementTenant: this.views.managementTenant }, category, key));
    }
    if (!doc) throw optionNotFound(category, key);
    return this.views.view(doc, principal);
  }
}

function parseEvaluation(value: unknown): Evaluation {
  if (value === undefined || value === '') return 'current';
  if (EVALUATIONS.includes(value as Evaluation)) return value as Evaluation;
  throw invalidOption('evaluate', `must be one of ${EVALUATIONS.join(', ')}`);
}
