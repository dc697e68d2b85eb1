import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { parsePageQuery, QueryParams } from '@berth/paging';
import { PublicBase } from '@berth/runtime';
import { GetInboundQuery } from '../application/queries/get-inbound/get-inbound.query';
import { ListInboundQuery } from '../application/queries/list-inbound/list-inbound.query';
import { inboundMessage } from './sms.representation';
import { ApiRoute } from '@berth/openapi';
import { PATH_ADDRESS_PATTERN } from '../domain/phone-address';

const ADDRESS = { type: 'string', pattern: PATH_ADDRESS_PATTERN };

/** The tenant's received messages to one of its numbers, listed or one by one (docs/api/sms.md). */
@Controller('service/messaging/smsmessaging/inbound/registrations/:receiver/messages')
export class InboundController {
  private get base(): string { return this.publicBase.url; }

  constructor(private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Get()
  @ApiRoute('Inbound messages to a receiver', { returns: 'json:inboundMessageList', params: { receiver: ADDRESS } })
  @Roles(...RoleSets.smsRead)
  async list(@Param('receiver') receiver: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Res({ passthrough: true }) reply: FastifyReply) {
    const messages = await this.queries.execute(new ListInboundQuery(caller.tenant, receiver, parsePageQuery(query)));
    reply.header('content-type', 'application/json');
    return { inboundSMSMessageList: messages.map((m) => inboundMessage(this.base, m)) };
  }

  @Get(':id')
  @ApiRoute('One inbound message', { returns: 'json:inboundMessage', params: { receiver: ADDRESS } })
  @Roles(...RoleSets.smsRead)
  async one(@Param('receiver') receiver: string, @Param('id') id: string, @CurrentPrincipal() caller: Principal, @Res({ passthrough: true }) reply: FastifyReply) {
    const message = await this.queries.execute(new GetInboundQuery(caller.tenant, receiver, id));
    reply.header('content-type', 'application/json');
    return inboundMessage(this.base, message);
  }
}
