import { Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@berth/auth';
import { negotiate } from '@berth/http';
import { pageLinks, parsePageQuery, QueryParams } from '@berth/paging';
import { PublicBase } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { DeleteOptionCommand } from '../application/commands/delete-option/delete-option.command';
import { SetOptionsCommand } from '../application/commands/set-options/set-options.command';
import { GetCategoryQuery } from '../application/queries/get-category/get-category.query';
import { GetOptionQuery } from '../application/queries/get-option/get-option.query';
import { ListOptionsQuery } from '../application/queries/list-options/list-options.query';
import { checkCategory, checkKey } from '../domain/option-name';
import { OptionScope } from '../domain/option-scope';
import { optionFromBody, valueFromBody, valuesFromBody } from './option-requests';

const JSON_MAP = 'application/json;charset=UTF-8';

/** What the tenant and the system option routes share; subclasses add the routes, roles and scope. */
export abstract class OptionEndpoints {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly queries: QueryBus,
    @Inject(TENANT_OPTIONS_CONFIG) protected readonly config: TenantOptionsConfig,
    protected readonly publicBase: PublicBase,
  ) {}

  protected abstract path: string;

  protected async create(scope: OptionScope, principal: Principal, body: unknown, accept: string | undefined, reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'option', accept);
    const { category, key, value } = optionFromBody(body);
    checkCategory(category);
    checkKey(key);
    const [view] = await this.commands.execute(new SetOptionsCommand(scope, category, { [key]: value }, principal));
    reply.status(201).header('location', view.self).header('content-type', type);
    return view;
  }

  protected async list(scope: OptionScope, principal: Principal, request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as QueryParams;
    const page = parsePageQuery(query);
    const result = await this.queries.execute(new ListOptionsQuery(scope, page, principal));
    const links = pageLinks({ baseUrl: this.publicBase.url, path: this.path, query, page, count: result.options.length, total: result.total });
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'optionCollection', request.headers.accept));
    return { self: links.self, options: result.options, statistics: links.statistics, ...(links.prev ? { prev: links.prev } : {}), ...(links.next ? { next: links.next } : {}) };
  }

  protected async category(scope: OptionScope, principal: Principal, category: string, reply: FastifyReply) {
    reply.header('content-type', JSON_MAP);
    return this.queries.execute(new GetCategoryQuery(scope, category, principal));
  }

  protected async putCategory(scope: OptionScope, principal: Principal, category: string, body: unknown, reply: FastifyReply) {
    await this.commands.execute(new SetOptionsCommand(scope, category, valuesFromBody(category, body), principal));
    return this.category(scope, principal, category, reply);
  }

  protected async one(scope: OptionScope, principal: Principal, category: string, key: string, evaluate: unknown, accept: string | undefined, reply: FastifyReply) {
    const view = await this.queries.execute(new GetOptionQuery(scope, category, key, evaluate, principal));
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'option', accept));
    return view;
  }

  protected async put(scope: OptionScope, principal: Principal, category: string, key: string, body: unknown, accept: string | undefined, reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'option', accept);
    checkCategory(category);
    checkKey(key);
    const [view] = await this.commands.execute(new SetOptionsCommand(scope, category, { [key]: valueFromBody(category, key, body) }, principal));
    reply.header('content-type', type);
    return view;
  }

  protected async remove(scope: OptionScope, principal: Principal, category: string, key: string) {
    await this.commands.execute(new DeleteOptionCommand(scope, category, key, principal));
  }
}
