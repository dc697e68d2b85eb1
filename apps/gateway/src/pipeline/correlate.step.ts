import type { RawExchanges } from '@berth/runtime';
import type { Step } from './exchange';

/**
 * The first step: the request's correlation id (from `X-Request-Id`, or made; echoed) and public
 * base go into its work context, its log line and metrics are written once it is answered, and an
 * unknown processing mode is refused with 422 (docs/api/conventions.md).
 */
export function correlate(exchanges: RawExchanges): Step {
  return (ex) => {
    exchanges.begin(ex);
    ex.work.correlationId = ex.id;
    ex.base = ex.work.publicBase = exchanges.publicBase(ex.req);
    ex.work.processingMode = exchanges.processingMode(ex.req);
  };
}
