import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { OptionScope } from '../domain/option-scope';
import { OptionEndpoints } from './option-endpoints';
import { ApiRoute } from '@berth/openapi';
import { CATEGORY_SCHEMA, EVALUATE_SCHEMA, KEY_SCHEMA } from './option.schemas';

const own = (principal: Principal): OptionScope => ({ kind: 'tenant', tenant: principal.tenant });

/**
 * `/tenant/options…` (docs/api/options.md): the caller's tenant's
 * options only, whatever the path names. Reading needs an option read role, writing the admin role.
 */
@Controller('tenant/options')
export class TenantOptionsController extends OptionEndpoints {
  protected path = '/tenant/options';

  @Post()
  @ApiRoute('Create a tenant option', { status: 201, returns: 'option', accepts: 'option:optionRequest' })
  @Roles(...RoleSets.optionAdmin)
  postOption(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.create(own(p), p, body, accept, reply);
  }

  @Get()
  @ApiRoute('A tenant options', { returns: 'optionCollection', paged: true })
  @Roles(...RoleSets.optionRead)
  getOptions(@CurrentPrincipal() p: Principal, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.list(own(p), p, request, reply);
  }

  @Get(':category')
  @ApiRoute('A tenant options of a category, as a map', { returns: 'json:optionCategory', params: { category: CATEGORY_SCHEMA } })
  @Roles(...RoleSets.optionRead)
  getCategory(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.category(own(p), p, category, reply);
  }

  @Put(':category')
  @ApiRoute('Set a tenant options of a category from a map', { returns: 'json:optionCategory', accepts: 'json:optionCategoryRequest', params: { category: CATEGORY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  putCategoryMap(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.putCategory(own(p), p, category, body, reply);
  }

  @Get(':category/:key')
  @ApiRoute('A tenant option', { returns: 'option', query: ['evaluate'], params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA, evaluate: EVALUATE_SCHEMA } })
  @Roles(...RoleSets.optionRead)
  getOption(
    @CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string,
    @Query('evaluate') evaluate: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one(own(p), p, category, key, evaluate, accept, reply);
  }

  @Put(':category/:key')
  @ApiRoute('Set a tenant option\'s value', { returns: 'option', accepts: 'option:optionValue', params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  putOption(
    @CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string,
    @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.put(own(p), p, category, key, body, accept, reply);
  }

  @Delete(':category/:key')
  @ApiRoute('Delete a tenant option', { status: 204, params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @HttpCode(204)
  @Roles(...RoleSets.optionAdmin)
  deleteOption(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string) {
    return this.remove(own(p), p, category, key);
  }
}
