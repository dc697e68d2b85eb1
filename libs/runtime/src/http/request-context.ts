import type { ProcessingMode } from '@berth/contracts';
import { parseProcessingMode } from '@berth/http';
import type { Logger } from 'pino';

/**
 * The processing mode a request asks for (docs/api/conventions.md): reads change nothing, so GET and
 * HEAD are always PERSISTENT; other methods read `X-<Brand>-Processing-Mode` (422 on an unknown
 * value). One rule for Fastify's hook and the raw request handlers.
 */
export function requestProcessingMode(method: string | undefined, headers: Record<string, string | string[] | undefined>, brandHeader: string): ProcessingMode {
  return method === 'GET' || method === 'HEAD' ? 'PERSISTENT' : parseProcessingMode(headers, brandHeader);
}

/** The one log line every answered request gets (a field object, no child logger per request). */
export function logRequest(logger: Logger, correlationId: string, method: string, url: string, status: number, ms: number): void {
  logger.info({ correlationId, method, url, status, ms: Math.round(ms) }, 'request');
}
