import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { OptionScope } from '../../../domain/option-scope';

/** A scope's options of one category as a flat key → value map; secrets the caller may not read are left out. */
export class GetCategoryQuery extends Query<Record<string, string>> {
  constructor(readonly scope: OptionScope, readonly category: unknown, readonly principal: Principal) {
    super();
  }
}
