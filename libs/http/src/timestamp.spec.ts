import { DomainError } from './domain-error';
import { parseTimestamp, timestampParam } from './timestamp';

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('was accepted');
}

describe('parseTimestamp', () => {
  it.each([
    ['2026-01-01T10:00:00+01:00', '2026-01-01T09:00:00.000Z'],
    ['2026-01-01T10:00:00-02:30', '2026-01-01T12:30:00.000Z'],
    ['2026-01-01T09:00:00Z', '2026-01-01T09:00:00.000Z'],
    ['2026-01-01T09:00:00.123Z', '2026-01-01T09:00:00.123Z'],
    ['2026-01-01T10:00:00.5+01:00', '2026-01-01T09:00:00.500Z'],
    ['2024-02-29T23:59:59+00:00', '2024-02-29T23:59:59.000Z'],
  ])('accepts %s', (raw, iso) => {
    const { date, raw: kept } = parseTimestamp(raw, 'dateFrom');
    expect(date.toISOString()).toBe(iso);
    expect(kept).toBe(raw);
  });

  it('refuses an unencoded + (a space in the query) with a hint to send %2B', () => {
    const err = refusal(() => parseTimestamp('2026-01-01T10:00:00 01:00', 'dateFrom'));
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(422);
    expect(err.message).toContain('dateFrom');
    expect(err.message).toContain('%2B');
  });

  it.each([
    ['no time zone', '2026-01-01T10:00:00'],
    ['a date alone', '2026-01-01'],
    ['a zone without colon', '2026-01-01T10:00:00+0100'],
    ['a space instead of T', '2026-01-01 10:00:00Z'],
    ['no seconds', '2026-01-01T10:00Z'],
    ['February 30th', '2026-02-30T10:00:00Z'],
    ['February 29th of a common year', '2026-02-29T10:00:00Z'],
    ['month 13', '2026-13-01T10:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['second 60', '2026-01-01T23:59:60Z'],
    ['zone minutes 60', '2026-01-01T10:00:00+01:60'],
    ['epoch milliseconds', '1767258000000'],
    ['words', 'yesterday'],
    ['empty', ''],
  ])('refuses %s with 422 naming the parameter', (_case, raw) => {
    const err = refusal(() => parseTimestamp(raw, 'dateTo'));
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(422);
    expect(err.code).toBe('general/Unprocessable Entity');
    expect(err.message).toContain('dateTo');
    expect(err.message).not.toContain('%2B');
  });

  it.each([[1767258000000], [null], [{}], [undefined]])('refuses the body value %j', (value) => {
    expect(refusal(() => parseTimestamp(value, 'creationTime', 'applications')).code).toBe('applications/Unprocessable Entity');
  });
});

describe('timestampParam', () => {
  it('is undefined when absent or empty', () => {
    expect(timestampParam({}, 'dateFrom')).toBeUndefined();
    expect(timestampParam({ dateFrom: '' }, 'dateFrom')).toBeUndefined();
  });

  it('reads the last of a repeated parameter', () => {
    const param = timestampParam({ dateFrom: ['2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'] }, 'dateFrom');
    expect(param?.date.toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('refuses an invalid value with 422', () => {
    expect(refusal(() => timestampParam({ dateTo: '2026-01-01T10:00:00 02:00' }, 'dateTo')).status).toBe(422);
  });
});
