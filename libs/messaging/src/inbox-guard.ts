/** The array field where a document remembers the last messages that changed it. */
export const INBOX_FIELD = '_inbox';
const REMEMBERED = 1000;

type Filter = Record<string, unknown>;
type Update = Record<string, Record<string, unknown> | undefined>;

/**
 * Makes a consumer's single-document write happen at most once per message: the filter skips
 * a document that already recorded `messageId`, and the same update records it (keeping the
 * last 1,000 ids). Effect and record are one atomic write, so a redelivered message, a consumer
 * killed mid-batch, or a relay that published twice cannot apply it again. A write that matched
 * nothing because of the guard reports `matchedCount: 0`. Do not combine it with `upsert`: the
 * guard would make an upsert try to insert the document again.
 */
export function once<U extends Update>(filter: Filter, update: U, messageId: string): { filter: Filter; update: U } {
  const push = { ...(update.$push ?? {}), [INBOX_FIELD]: { $each: [messageId], $slice: -REMEMBERED } };
  return { filter: { ...filter, [INBOX_FIELD]: { $ne: messageId } }, update: { ...update, $push: push } };
}
