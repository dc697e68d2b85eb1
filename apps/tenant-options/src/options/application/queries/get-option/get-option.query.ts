import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { OptionScope } from '../../../domain/option-scope';
import type { OptionView } from '../../../domain/option-view';

/** One option; with `evaluate=inherited`, a tenant without it gets the system option of the same category and key. */
export class GetOptionQuery extends Query<OptionView> {
  constructor(
    readonly scope: OptionScope,
    readonly category: unknown,
    readonly key: unknown,
    readonly evaluate: unknown,
    readonly principal: Principal,
  ) {
    super();
  }
}
