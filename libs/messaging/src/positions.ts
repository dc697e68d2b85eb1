/**
 * Where messages sit in Kafka: per topic partition (`<topic>/<partition>`, the topic as the broker
 * names it, so that stacks sharing a broker under different prefixes never mix), the offset of the last message that counts. A write's positions are those of the messages it
 * published; a reader that has handled every partition up to them has seen the write and everything
 * before it (docs/consistency.md).
 */
export type Positions = Map<string, number>;

export const positionKey = (topic: string, partition: number) => `${topic}/${partition}`;

/** Raises `into` to every offset of `from` that is higher; true when something changed. */
export function mergePositions(into: Positions, from: Positions): boolean {
  let changed = false;
  for (const [key, offset] of from) {
    if ((into.get(key) ?? -1) < offset) {
      into.set(key, offset);
      changed = true;
    }
  }
  return changed;
}

/** `topic/partition=offset` entries joined by `,`: the form positions travel in between Berth's processes. */
export function encodePositions(positions: Positions): string {
  return [...positions].map(([key, offset]) => `${key}=${offset}`).join(',');
}

const ENTRY = /^([A-Za-z0-9._-]+\/\d+)=(\d+)$/;

/** The positions of `encodePositions`; entries that are not of that form are skipped. */
export function decodePositions(text: string | undefined): Positions {
  const positions: Positions = new Map();
  if (!text) return positions;
  for (const entry of text.split(',')) {
    const match = ENTRY.exec(entry.trim());
    if (match) mergePositions(positions, new Map([[match[1], Number(match[2])]]));
  }
  return positions;
}
