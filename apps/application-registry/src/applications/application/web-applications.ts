import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@berth/http';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import { ArchiveError } from '../infrastructure/archive/zip-archive';
import { ApplicationRepository } from '../infrastructure/application.repository';
import { WebFiles, WebFilesCache } from '../infrastructure/web-files.cache';
import { ApplicationAccess } from './application-access';

/**
 * The files a tenant may load of the web application at a context path (docs/api/applications.md):
 * the application is read by its context path on every request (an activation is served at once),
 * and its active binary's files come from the cache. Absent, invisible to the tenant, not HOSTED or
 * without an active version: the same 404.
 */
@Injectable()
export class WebApplications {
  constructor(
    private readonly repository: ApplicationRepository, private readonly access: ApplicationAccess, private readonly cache: WebFilesCache,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  /** The tenant an anonymous request acts for. */
  get anonymousTenant(): string {
    return this.config.BERTH_DEFAULT_TENANT ?? this.config.BERTH_MANAGEMENT_TENANT;
  }

  /** @throws DomainError 404 as said above; 503 when the active binary unpacks past the limits or the cache. */
  async filesOf(contextPath: string, tenant: string): Promise<WebFiles> {
    const app = await this.repository.findWebApplication(contextPath);
    if (!app || app.type !== 'HOSTED' || !app.activeVersionId || !(await this.access.isVisible(app, tenant))) {
      throw new DomainError('applications', 'Not Found', `Application with context path ${contextPath} not found`);
    }
    try {
      return await this.cache.files(app.activeVersionId);
    } catch (err) {
      if (err instanceof ArchiveError) throw new DomainError('applications', 'Service Unavailable', `The files of ${contextPath} cannot be served: ${err.message}`);
      throw err;
    }
  }
}
