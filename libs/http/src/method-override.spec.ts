import { DomainError } from './domain-error';
import { effectiveMethod } from './method-override';

describe('effectiveMethod (X-HTTP-METHOD)', () => {
  it('lets a POST stand in for PUT, DELETE and PATCH, case-insensitively', () => {
    expect(effectiveMethod('POST', 'PUT')).toBe('PUT');
    expect(effectiveMethod('POST', ' delete ')).toBe('DELETE');
    expect(effectiveMethod('POST', ['patch'])).toBe('PATCH');
  });

  it('keeps the method without the header, and ignores the header on other methods', () => {
    expect(effectiveMethod('POST', undefined)).toBe('POST');
    expect(effectiveMethod('GET', 'DELETE')).toBe('GET');
    expect(effectiveMethod('PUT', 'DELETE')).toBe('PUT');
  });

  it.each(['GET', 'HEAD', 'TRACE', 'CONNECT', '', 'PUTX'])('refuses "%s" with 422', (value) => {
    expect(() => effectiveMethod('POST', value)).toThrow(DomainError);
    try { effectiveMethod('POST', value); } catch (err) {
      expect((err as DomainError).status).toBe(422);
      expect((err as DomainError).code).toBe('general/Unprocessable Entity');
    }
  });
});
