import { effectiveProcessingMode, isNotified, isStored } from '@berth/contracts';
import { DomainError } from './domain-error';
import { parseProcessingMode } from './processing-mode-header';

const header = (value?: string | string[]) => ({ 'x-cumulocity-processing-mode': value });

describe('processing mode header', () => {
  it('defaults to PERSISTENT when absent or empty', () => {
    expect(parseProcessingMode({}, 'Cumulocity')).toBe('PERSISTENT');
    expect(parseProcessingMode(header(''), 'Cumulocity')).toBe('PERSISTENT');
  });

  it.each(['PERSISTENT', 'TRANSIENT', 'QUIESCENT', 'CEP', 'transient', ' Cep '])('accepts %j', (value) => {
    expect(parseProcessingMode(header(value), 'Cumulocity')).toBe(value.trim().toUpperCase());
  });

  it('takes the header name from the brand token', () => {
    expect(parseProcessingMode({ 'x-acme-processing-mode': 'TRANSIENT' }, 'Acme')).toBe('TRANSIENT');
  });

  it('refuses an unknown mode with 422', () => {
    expect(() => parseProcessingMode(header('FAST'), 'Cumulocity')).toThrow(DomainError);
    try {
      parseProcessingMode(header('FAST'), 'Cumulocity');
    } catch (err) {
      expect((err as DomainError).status).toBe(422);
      expect((err as DomainError).code).toBe('processingMode/Unprocessable Entity');
    }
  });
});

describe('processing mode semantics', () => {
  it('treats QUIESCENT and CEP as PERSISTENT outside measurements and events', () => {
    expect(effectiveProcessingMode('QUIESCENT', false)).toBe('PERSISTENT');
    expect(effectiveProcessingMode('CEP', false)).toBe('PERSISTENT');
    expect(effectiveProcessingMode('TRANSIENT', false)).toBe('TRANSIENT');
    expect(effectiveProcessingMode('CEP', true)).toBe('CEP');
  });

  it.each([
    ['PERSISTENT', true, true], ['TRANSIENT', false, true], ['QUIESCENT', true, false], ['CEP', false, false],
  ] as const)('%s: stored %s, notified %s', (mode, stored, notified) => {
    expect(isStored(mode)).toBe(stored);
    expect(isNotified(mode)).toBe(notified);
  });
});
