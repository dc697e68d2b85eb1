import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, forbidden, Principal, Roles, RoleSets } from '@berth/auth';
import { OptionScope } from '../domain/option-scope';
import { OptionEndpoints } from './option-endpoints';
import { ApiRoute } from '@berth/openapi';
import { CATEGORY_SCHEMA, EVALUATE_SCHEMA, KEY_SCHEMA } from './option.schemas';

/**
 * `/tenant/system/options…`: the platform's system options. Every authenticated caller reads
 * them; only the management tenant's option admins write them (403 for anyone else).
 */
@Controller('tenant/system/options')
export class SystemOptionsController extends OptionEndpoints {
  protected path = '/tenant/system/options';

  private system(): OptionScope {
    return { kind: 'system', managementTenant: this.config.BERTH_MANAGEMENT_TENANT };
  }

  private writer(p: Principal): OptionScope {
    if (p.tenant !== this.config.BERTH_MANAGEMENT_TENANT) throw forbidden('Only the management tenant may change system options');
    return this.system();
  }

  @Post()
  @ApiRoute('Create a system option', { status: 201, returns: 'option', accepts: 'option:optionRequest' })
  @Roles(...RoleSets.optionAdmin)
  postOption(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.create(this.writer(p), p, body, accept, reply);
  }

  @Get()
  @ApiRoute('A system options', { returns: 'optionCollection', paged: true })
  getOptions(@CurrentPrincipal() p: Principal, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.list(this.system(), p, request, reply);
  }

  @Get(':category')
  @ApiRoute('A system options of a category, as a map', { returns: 'json:optionCategory', params: { category: CATEGORY_SCHEMA } })
  getCategory(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.category(this.system(), p, category, reply);
  }

  @Put(':category')
  @ApiRoute('Set a system options of a category from a map', { returns: 'json:optionCategory', accepts: 'json:optionCategoryRequest', params: { category: CATEGORY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  putCategoryMap(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.putCategory(this.writer(p), p, category, body, reply);
  }

  @Get(':category/:key')
  @ApiRoute('A system option', { returns: 'option', query: ['evaluate'], params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA, evaluate: EVALUATE_SCHEMA } })
  getOption(
    @CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string,
    @Query('evaluate') evaluate: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.one(this.system(), p, category, key, evaluate, accept, reply);
  }

  @Put(':category/:key')
  @ApiRoute('Set a system option\'s value', { returns: 'option', accepts: 'option:optionValue', params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  putOption(
    @CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string,
    @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.put(this.writer(p), p, category, key, body, accept, reply);
  }

  @Delete(':category/:key')
  @ApiRoute('Delete a system option', { status: 204, params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @HttpCode(204)
  @Roles(...RoleSets.optionAdmin)
  deleteOption(@CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string) {
    return this.remove(this.writer(p), p, category, key);
  }
}
