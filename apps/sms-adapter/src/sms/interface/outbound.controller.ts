import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { PublicBase } from '@berth/runtime';
import { SendSmsCommand } from '../application/commands/send-sms/send-sms.command';
import { GetDeliveryInfosQuery } from '../application/queries/get-delivery-infos/get-delivery-infos.query';
import { deliveryInfoList, resourceReference } from './sms.representation';
import { ApiRoute } from '@berth/openapi';
import { PATH_ADDRESS_PATTERN } from '../domain/phone-address';

const ADDRESS = { type: 'string', pattern: PATH_ADDRESS_PATTERN };

/** Sending (docs/api/sms.md) and the OneAPI deliveryInfos of a sent request. The sender may come URL-encoded (`tel%3A%2B49…`). */
@Controller('service/messaging/smsmessaging/outbound/:sender/requests')
export class OutboundController {
  private get base(): string { return this.publicBase.url; }

  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Post()
  @ApiRoute('Send an SMS', { status: 201, returns: 'json:resourceReference', accepts: 'json:outboundMessageRequest', params: { sender: ADDRESS } })
  @Roles(...RoleSets.smsAdmin)
  async send(@Param('sender') sender: string, @Body() body: unknown, @CurrentPrincipal() caller: Principal, @Res({ passthrough: true }) reply: FastifyReply) {
    const request = await this.commands.execute(new SendSmsCommand(caller.tenant, sender, body));
    const resource = resourceReference(this.base, request);
    reply.status(201).header('location', resource.resourceReference.resourceURL).header('content-type', 'application/json');
    return resource;
  }

  @Get(':id/deliveryInfos')
  @ApiRoute('Delivery state of a sent SMS, per address', { returns: 'json:deliveryInfoList', params: { sender: ADDRESS } })
  @Roles(...RoleSets.smsAdmin, ...RoleSets.smsRead)
  async deliveryInfos(@Param('sender') sender: string, @Param('id') id: string, @CurrentPrincipal() caller: Principal, @Res({ passthrough: true }) reply: FastifyReply) {
    const request = await this.queries.execute(new GetDeliveryInfosQuery(caller.tenant, sender, id));
    reply.header('content-type', 'application/json');
    return deliveryInfoList(this.base, request);
  }
}
