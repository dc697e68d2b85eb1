import { declaredBodyTooLarge } from '@berth/http';
import type { Step } from './exchange';

/**
 * A body whose declared length is over `BERTH_HTTP_MAX_BODY_BYTES` is refused at once with 413;
 * a chunked one is cut off with 413 when it passes the limit on its way (forward.ts).
 */
export function limitBody(maxBodyBytes: number): Step {
  return (ex) => {
    const tooLarge = declaredBodyTooLarge(ex.req.headers, maxBodyBytes);
    if (tooLarge) throw tooLarge;
  };
}
