import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DeleteOptionHandler } from './application/commands/delete-option/delete-option.handler';
import { SetOptionEditableHandler } from './application/commands/set-option-editable/set-option-editable.handler';
import { SetOptionsHandler } from './application/commands/set-options/set-options.handler';
import { OptionViews } from './application/option-views';
import { OptionWriter } from './application/option-writer';
import { GetCategoryHandler } from './application/queries/get-category/get-category.handler';
import { GetOptionHandler } from './application/queries/get-option/get-option.handler';
import { ListOptionsHandler } from './application/queries/list-options/list-options.handler';
import { TenantOptionsRemovedConsumer } from './infrastructure/tenant-options-removed.consumer';
import { OptionRepository } from './infrastructure/option.repository';
import { secretBoxProvider } from './infrastructure/secret-box.provider';
import { TenantDirectory } from './infrastructure/tenant-directory';
import { ManagedTenantOptionsController } from './interface/managed-tenant-options.controller';
import { OptionEditableController } from './interface/option-editable.controller';
import { SystemOptionsController } from './interface/system-options.controller';
import { TenantOptionsController } from './interface/tenant-options.controller';

/**
 * Tenant and system options (docs/api/options.md): CRUD, category maps, inheritance from system
 * options, locking by the management tenant, secrets encrypted at rest, and an OptionChanged
 * event on `tenant.option.v1` for every change. Needs the `options` collection in the runtime's outbox.
 */
@Module({
  imports: [CqrsModule],
  controllers: [TenantOptionsController, SystemOptionsController, OptionEditableController, ManagedTenantOptionsController],
  providers: [
    secretBoxProvider, OptionRepository, TenantOptionsRemovedConsumer, OptionViews, OptionWriter, TenantDirectory,
    SetOptionsHandler, DeleteOptionHandler, SetOptionEditableHandler,
    GetOptionHandler, ListOptionsHandler, GetCategoryHandler,
  ],
})
export class OptionsModule {}
