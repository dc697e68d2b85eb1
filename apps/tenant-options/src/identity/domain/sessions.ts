import type { UserRecord } from '../infrastructure/identity-records';

type SessionDates = Pick<UserRecord, 'lastPasswordChange' | 'sessionsEndedAt'>;

/**
 * When the user's current sessions began to count (ms since the epoch): a platform token (cookie
 * or OAI token) issued before it is refused. A password change and turning TOTP on each move it
 * to their time, ending every session of the user (see docs/security.md, "Sessions").
 */
export function sessionsStart(user: SessionDates): number {
  return Math.max(user.lastPasswordChange.getTime(), user.sessionsEndedAt?.getTime() ?? 0);
}

/** Whether a platform token issued at `issuedAtMs` still stands for `user`. */
export function isSessionCurrent(user: SessionDates, issuedAtMs: number): boolean {
  return issuedAtMs >= sessionsStart(user);
}

/** The fields of a user update that end every session of the user now (other than changing the password, which does so itself). */
export function endSessions(now = new Date()): Pick<UserRecord, 'sessionsEndedAt'> {
  return { sessionsEndedAt: now };
}
