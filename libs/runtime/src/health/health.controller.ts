import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '@berth/auth';
import { HealthService } from './health.service';

/** Internal `GET /health`: 200 with status UP when the app and its dependencies are up, else 503. */
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  async get(@Res() reply: FastifyReply) {
    const report = await this.health.report();
    reply.status(report.status === 'UP' ? 200 : 503).header('cache-control', 'no-store').send(report);
  }
}
