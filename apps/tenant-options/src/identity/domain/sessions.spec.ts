import { endSessions, isSessionCurrent, sessionsStart } from './sessions';

const at = (ms: number) => new Date(ms);

describe('sessions', () => {
  it('start at the last password change when they were never ended otherwise', () => {
    expect(sessionsStart({ lastPasswordChange: at(1000) })).toBe(1000);
    expect(isSessionCurrent({ lastPasswordChange: at(1000) }, 999)).toBe(false);
    expect(isSessionCurrent({ lastPasswordChange: at(1000) }, 1000)).toBe(true);
  });

  it('start at the later of the password change and the last time they were ended', () => {
    const user = { lastPasswordChange: at(1000), ...endSessions(at(5000)) };
    expect(sessionsStart(user)).toBe(5000);
    expect(isSessionCurrent(user, 4999)).toBe(false);
    expect(isSessionCurrent(user, 5000)).toBe(true);
    expect(sessionsStart({ lastPasswordChange: at(9000), sessionsEndedAt: at(5000) })).toBe(9000);
  });
});
