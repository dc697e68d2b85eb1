const SEGMENT = /^[a-z][a-zA-Z0-9-]*$/;

function check(...segments: string[]) {
  for (const s of segments) if (!SEGMENT.test(s)) throw new Error(`invalid topic segment "${s}"`);
}

/** Events of an aggregate: `<context>.<aggregate>.v<major>`, e.g. `registry.application.v1`. */
export function eventTopic(context: string, aggregate: string, major: number): string {
  check(context, aggregate);
  return `${context}.${aggregate}.v${major}`;
}

/** Commands to one owner: `<owner>.cmd.<command>.v<major>`, e.g. `orchestrator.cmd.deploy.v1`. */
export function commandTopic(owner: string, command: string, major: number): string {
  check(owner, command);
  return `${owner}.cmd.${command}.v${major}`;
}

/** Real-time notifications of a resource: `realtime.<resource>.v1`. */
export function realtimeTopic(resource: string): string {
  check(resource);
  return `realtime.${resource}.v1`;
}

/** Where messages of `topic` that cannot be handled are parked. */
export function dlqTopic(topic: string): string {
  return `${topic}.dlq`;
}
