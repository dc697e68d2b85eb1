/**
 * A Kafka message contract: the topic it travels on, its `type` and major `version`. The payload
 * type parameter ties producers and consumers to one shape; within a major version payloads
 * only ever gain optional fields.
 */
export interface Contract<TPayload> {
  readonly topic: string;
  readonly type: string;
  readonly version: number;
  /** Type-level only: never read at run time. */
  readonly payload?: TPayload;
}

export function defineContract<TPayload>(topic: string, type: string, version: number): Contract<TPayload> {
  return { topic, type, version };
}
