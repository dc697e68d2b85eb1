/**
 * The deployment's topic namespace: a prefix (`BERTH_TOPIC_PREFIX`, empty by default) put before
 * every topic name where names meet the broker, so that several Berth stacks can share one Kafka
 * without reading each other's messages. Code, contracts and outbox entries name topics without
 * it; the publisher, the consumer runner and the topic admin translate. Set once, at start-up.
 */
let prefix = '';

export function setTopicPrefix(value: string): void {
  prefix = value;
}

/** The name the broker knows `topic` by. */
export function brokerTopic(topic: string): string {
  return prefix + topic;
}

/** The name code knows a broker topic by (the inverse of brokerTopic). */
export function appTopic(name: string): string {
  return prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
}
