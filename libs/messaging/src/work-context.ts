import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProcessingMode } from '@berth/contracts';

/**
 * What the request or message being handled carries into everything it causes: its correlation
 * id (logs, envelopes, responses), its processing mode (DESIGN.md section 7), and, for work
 * caused by a message, that message's id as the causation id.
 */
export interface WorkContext {
  correlationId: string;
  processingMode: ProcessingMode;
  causationId?: string;
  actor?: string;
}

export const workContext = new AsyncLocalStorage<WorkContext>();

/** The context of the work in progress, if any. */
export function currentWork(): WorkContext | undefined {
  return workContext.getStore();
}
