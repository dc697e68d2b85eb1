import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import type { RegistryConfig } from '../config/application-registry.env';
import { REGISTRY_CONFIG } from '../config/registry-config.token';
import { ApplicationAccess } from './application/application-access';
import { ApplicationEvents } from './application/application-events';
import { ActivateVersionHandler } from './application/commands/activate-version/activate-version.handler';
import { DeleteVersionHandler } from './application/commands/delete-version/delete-version.handler';
import { SetVersionTagsHandler } from './application/commands/set-version-tags/set-version-tags.handler';
import { UploadBinaryHandler } from './application/commands/upload-binary/upload-binary.handler';
import { GetBinaryHandler } from './application/queries/get-binary/get-binary.handler';
import { ListBinariesHandler } from './application/queries/list-binaries/list-binaries.handler';
import { ListVersionsHandler } from './application/queries/list-versions/list-versions.handler';
import { CloneApplicationHandler } from './application/commands/clone-application/clone-application.handler';
import { CreateApplicationHandler } from './application/commands/create-application/create-application.handler';
import { DeleteApplicationHandler } from './application/commands/delete-application/delete-application.handler';
import { SeedKnownApplicationsCommand } from './application/commands/seed-known-applications/seed-known-applications.command';
import { SeedKnownApplicationsHandler } from './application/commands/seed-known-applications/seed-known-applications.handler';
import { UpdateApplicationHandler } from './application/commands/update-application/update-application.handler';
import { GetApplicationHandler } from './application/queries/get-application/get-application.handler';
import { ListApplicationsHandler } from './application/queries/list-applications/list-applications.handler';
import { CurrentApplication } from './application/current-application';
import { GetApplicationRolesHandler } from './application/queries/get-application-roles/get-application-roles.handler';
import { GetBootstrapUserHandler } from './application/queries/get-bootstrap-user/get-bootstrap-user.handler';
import { GetCurrentApplicationHandler } from './application/queries/get-current-application/get-current-application.handler';
import { GetCurrentSettingsHandler } from './application/queries/get-current-settings/get-current-settings.handler';
import { ApplicationRepository } from './infrastructure/application.repository';
import { BootstrapUserEventsConsumer } from './infrastructure/bootstrap-user-events.consumer';
import { BootstrapUserStore } from './infrastructure/bootstrap-user.store';
import { SettingsOptionReader } from './infrastructure/settings-option-reader';
import { BinaryStore } from './infrastructure/binary.store';
import { SubscriptionEventsConsumer } from './infrastructure/subscription-events.consumer';
import { SubscriptionProjection } from './infrastructure/subscription.projection';
import { TenantEventsConsumer } from './infrastructure/tenant-events.consumer';
import { TenantLineageProjection } from './infrastructure/tenant-lineage.projection';
import { ApplicationCollectionsController } from './interface/application-collections.controller';
import { ApplicationsController } from './interface/applications.controller';
import { BinariesController } from './interface/binaries.controller';
import { BootstrapUserController } from './interface/bootstrap-user.controller';
import { CurrentApplicationController } from './interface/current-application.controller';
import { InternalRolesController } from './interface/internal-roles.controller';
import { VersionsController } from './interface/versions.controller';
import { WebApplicationsController } from './interface/web-applications.controller';
import { WebApplications } from './application/web-applications';
import { WebFilesCache } from './infrastructure/web-files.cache';

/**
 * Applications: CRUD, clone, collections, binaries and versions, bootstrap users and the current
 * application, its current roles for the subscription app, the subscription and tenant-parent projections and the known
 * applications seeded at first start.
 */
@Module({
  imports: [CqrsModule],
  controllers: [ApplicationCollectionsController, ApplicationsController, BinariesController, VersionsController, BootstrapUserController, CurrentApplicationController, InternalRolesController, WebApplicationsController],
  providers: [
    ApplicationRepository, SubscriptionProjection, SubscriptionEventsConsumer, TenantLineageProjection, TenantEventsConsumer, ApplicationAccess, ApplicationEvents,
    CreateApplicationHandler, UpdateApplicationHandler, DeleteApplicationHandler, CloneApplicationHandler, SeedKnownApplicationsHandler,
    GetApplicationHandler, ListApplicationsHandler,
    BinaryStore, UploadBinaryHandler, ActivateVersionHandler, SetVersionTagsHandler, DeleteVersionHandler, ListVersionsHandler, GetBinaryHandler, ListBinariesHandler,
    BootstrapUserStore, BootstrapUserEventsConsumer, CurrentApplication, SettingsOptionReader,
    GetBootstrapUserHandler, GetCurrentApplicationHandler, GetCurrentSettingsHandler, GetApplicationRolesHandler,
    WebFilesCache, WebApplications,
  ],
})
export class ApplicationsModule implements OnApplicationBootstrap {
  constructor(
    private readonly seed: SeedKnownApplicationsHandler,
    private readonly repository: ApplicationRepository,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const tenant = this.config.BERTH_MANAGEMENT_TENANT;
    // Called directly: the command bus registers its handlers in a bootstrap hook that may run after this one.
    const result = await this.seed.execute(new SeedKnownApplicationsCommand(tenant));
    this.logger.info({ tenant, ...result }, 'known applications ready');
    // In the background: a registry with many applications starts without waiting for the scan.
    void this.repository.completeContextPaths().then(
      (written) => this.logger.info({ written }, 'context path lookup complete'),
      (err: Error) => this.logger.warn({ err: err.message }, 'context path lookup not completed'),
    );
  }
}
