import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { PageQuery } from '@berth/paging';
import type { OptionScope } from '../../../domain/option-scope';
import type { OptionView } from '../../../domain/option-view';

export interface OptionPage { options: OptionView[]; total?: number }

/** A page of a scope's options, ordered by category and key; the total only when asked. */
export class ListOptionsQuery extends Query<OptionPage> {
  constructor(readonly scope: OptionScope, readonly page: PageQuery, readonly principal: Principal) {
    super();
  }
}
