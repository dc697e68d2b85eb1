import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProcessingMode } from '@berth/contracts';
import type { Positions } from './positions';

/**
 * What the request or message being handled carries into everything it causes: its correlation
 * id (logs, envelopes, responses), its processing mode (docs/api/conventions.md), and, for work
 * caused by a message, that message's id as the causation id.
 */
export interface WorkContext {
  correlationId: string;
  processingMode: ProcessingMode;
  causationId?: string;
  actor?: string;
  /**
   * For a request: the publications of the messages its writes caused, each resolving with their
   * positions (undefined: not known in this process). Its answer reports them (docs/consistency.md).
   */
  publications?: Array<Promise<Positions | undefined>>;
  /** For a request: the public base URL its links start with (docs/api/conventions.md). */
  publicBase?: string;
}

export const workContext = new AsyncLocalStorage<WorkContext>();

/** The context of the work in progress, if any. */
export function currentWork(): WorkContext | undefined {
  return workContext.getStore();
}

/** Counts the publication of messages `ids`, reported to `relay`, among the current request's. */
export function trackPublication(relay: { whenPublished(ids: string[]): Promise<Positions | undefined> }, ids: string[]): void {
  const publications = currentWork()?.publications;
  if (publications && ids.length > 0) publications.push(relay.whenPublished(ids));
}
