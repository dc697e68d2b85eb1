import { commandTopic, eventTopic } from './topics';

/** Every topic of the platform, by owner (docs/architecture.md). The owner creates it at start-up. */
export const Topics = {
  applicationEvents: eventTopic('registry', 'application', 1),
  subscriptionEvents: eventTopic('subscription', 'subscription', 1),
  optionEvents: eventTopic('tenant', 'option', 1),
  tenantEvents: eventTopic('tenant', 'tenant', 1),
  userEvents: eventTopic('tenant', 'user', 1),
  deploymentEvents: eventTopic('orchestrator', 'deployment', 1),
  deployCommands: commandTopic('orchestrator', 'deploy', 1),
  smsSendCommands: commandTopic('sms', 'send', 1),
} as const;
