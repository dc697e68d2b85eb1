import { commandTopic, dlqTopic, eventTopic, realtimeTopic } from './topics';
import { ApplicationCreated, OptionChanged } from '.';

describe('topic names', () => {
  it('are <owner>.<aggregate>.v<n> for events, <owner>.cmd.<name>.v<n> for commands, realtime.<name>.v<n> and <topic>.dlq', () => {
    expect(eventTopic('registry', 'application', 1)).toBe('registry.application.v1');
    expect(commandTopic('orchestrator', 'deploy', 1)).toBe('orchestrator.cmd.deploy.v1');
    expect(realtimeTopic('applications')).toBe('realtime.applications.v1');
    expect(dlqTopic('sms.cmd.send.v1')).toBe('sms.cmd.send.v1.dlq');
  });

  it('refuse segments that would break the naming scheme', () => {
    expect(() => eventTopic('registry.x', 'application', 1)).toThrow(/invalid topic segment/);
    expect(() => commandTopic('', 'deploy', 1)).toThrow();
  });

  it('give the contracts their topics', () => {
    expect(ApplicationCreated).toEqual({ topic: 'registry.application.v1', type: 'ApplicationCreated', version: 1 });
    expect(OptionChanged.topic).toBe('tenant.option.v1');
  });
});
