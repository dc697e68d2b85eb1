import { appTopic, brokerTopic, setTopicPrefix } from './topic-namespace';

describe('topic namespace', () => {
  afterEach(() => setTopicPrefix(''));

  it('leaves names alone without a prefix', () => {
    expect(brokerTopic('registry.application.v1')).toBe('registry.application.v1');
    expect(appTopic('registry.application.v1')).toBe('registry.application.v1');
  });

  it('puts the prefix before names at the broker and takes it off again', () => {
    setTopicPrefix('t1.');
    expect(brokerTopic('registry.application.v1')).toBe('t1.registry.application.v1');
    expect(appTopic('t1.registry.application.v1')).toBe('registry.application.v1');
    expect(appTopic(brokerTopic('sms.cmd.send.v1.dlq'))).toBe('sms.cmd.send.v1.dlq');
  });
});
