import type { ProcessingMode } from '@berth/contracts';
import { parseProcessingMode } from '@berth/http';
import { symbols, type Logger } from 'pino';
import { hasPlainRequestLines } from '../logging/create-logger';

/**
 * The processing mode a request asks for (docs/api/conventions.md): reads change nothing, so GET and
 * HEAD are always PERSISTENT; other methods read `X-<Brand>-Processing-Mode` (422 on an unknown
 * value). One rule for Fastify's hook and the raw request handlers.
 */
export function requestProcessingMode(method: string | undefined, headers: Record<string, string | string[] | undefined>, brandHeader: string): ProcessingMode {
  return method === 'GET' || method === 'HEAD' ? 'PERSISTENT' : parseProcessingMode(headers, brandHeader);
}

/**
 * The one log line every answered request gets: `correlationId`, `method`, `url`, `status` and `ms`
 * after the logger's level, time and bindings. A logger made by `createLogger` gets the line written
 * straight into its stream (the same bytes pino writes, without its per-call object work: this is
 * the gateway's hot path); any other logger through `info`.
 */
export function logRequest(logger: Logger, correlationId: string, method: string, url: string, status: number, ms: number): void {
  if (!hasPlainRequestLines(logger)) {
    logger.info({ correlationId, method, url, status, ms: Math.round(ms) }, 'request');
    return;
  }
  if (!logger.isLevelEnabled('info')) return;
  const own = logger as unknown as PinoInternals;
  own[symbols.streamSym].write(`${own[symbols.lsCacheSym][INFO]}${own[symbols.timeSym]()}${own[symbols.chindingsSym]},"correlationId":${JSON.stringify(correlationId)}`
    + `,"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":${Math.round(ms)},"msg":"request"${own[symbols.endSym]}`);
}

const INFO = 30;

/** The parts of a pino logger a line is made of (pino exports these symbols for extensions). */
interface PinoInternals {
  [symbols.streamSym]: { write(line: string): unknown };
  [symbols.lsCacheSym]: Record<number, string>;
  [symbols.timeSym]: () => string;
  [symbols.chindingsSym]: string;
  [symbols.endSym]: string;
}
