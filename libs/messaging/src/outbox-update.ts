import type { Collection, Document, Filter, UpdateFilter, UpdateResult } from 'mongodb';
import type { Envelope } from './envelope';
import type { KafkaRecord } from './kafka-record';
import { OUTBOX_FIELD, withOutbox } from './outbox';
import type { OutboxRelay } from './outbox-relay';
import { trackPublication } from './work-context';

/**
 * Updates one document and adds `envelopes` to its outbox in the same operation, then reports to
 * the relay every entry the document holds after the update, oldest first, not only the new ones.
 * An older entry another replica wrote waits for the lease holder's scan (that replica's relay
 * does not publish); reported with the new one, it is published first, so one aggregate's messages
 * keep their order across replicas. The relay skips what it has published already.
 */
export async function updateWithOutbox<T extends Document>(
  collection: Collection<T>, filter: Filter<T> & { _id: unknown }, update: UpdateFilter<T>, topic: string, envelopes: Envelope[],
  relay?: Pick<OutboxRelay, 'written' | 'whenPublished'>,
): Promise<UpdateResult<T>> {
  // The whole document comes back: FerretDB 1.24 refuses a projection (`fields`) in findAndModify.
  const { value } = await collection.findOneAndUpdate(filter, withOutbox(update as never, topic, envelopes), { returnDocument: 'after', includeResultMetadata: true });
  if (!value) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
  if (relay) {
    relay.written(collection.collectionName, value._id, (value as Document)[OUTBOX_FIELD] as KafkaRecord[]);
    trackPublication(relay, envelopes.map((e) => e.id));
  }
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null };
}
