import type { Json } from '@berth/openapi';

const str = { type: 'string' };

/** A microservice's deployment status and logs in the OpenAPI document (see `@ApiRoute`). */
export const HOSTING_SCHEMAS: Json = {
  applicationStatus: {
    type: 'object', required: ['applicationId', 'status', 'restarts', 'instances', 'stages'],
    properties: {
      applicationId: str, status: str, version: str, restarts: { type: 'integer' }, nextRestartAt: str,
      instances: {
        type: 'array',
        items: { type: 'object', required: ['name', 'healthy'], properties: { name: str, tenant: str, healthy: { type: 'boolean' }, startedAt: str, version: str, reason: str } },
      },
      lastFailure: { type: 'object', properties: { at: str, reason: str } },
      stages: { type: 'array', items: { type: 'object' } },
      rollout: { type: 'object', properties: { from: str, to: str, since: str, switchedAt: str, tenant: str } },
      rollback: { type: 'object', properties: { from: str, to: str, at: str, reason: str, activation: str, refusal: str, tenant: str } },
      endedInstances: {
        type: 'array',
        items: { type: 'object', required: ['name', 'endedAt', 'reason'], properties: { name: str, tenant: str, version: str, startedAt: str, endedAt: str, reason: str, exitCode: { type: 'integer' } } },
      },
    },
  },
  instanceLogs: {
    type: 'object', required: ['instanceName', 'truncated', 'logs'],
    properties: { instanceName: str, dateFrom: str, dateTo: str, firstDateInLog: str, lastDateInLog: str, truncated: { type: 'boolean' }, logs: str },
  },
};
