import { configurationBody, fieldsOf, initialValues, secretIsStored, telAddress, withoutSecrets, type ProviderDefinition } from './provider-form';

/** The SMPP definition as the platform answers it: every setting a string, the password `writeOnly`. */
const SMPP: ProviderDefinition = {
  id: 'smpp', displayName: 'SMPP',
  settingsSchema: { properties: { host: { type: 'string' }, port: { type: 'string' }, systemId: { type: 'string' }, password: { type: 'string', writeOnly: true }, systemType: { type: 'string' } } },
};

/** A definition using every kind of field the form knows. */
const RICH: ProviderDefinition = {
  id: 'rich',
  settingsSchema: {
    required: ['url', 'token', 'mode'],
    properties: {
      url: { type: 'string', title: 'Base URL', description: 'where to send' },
      port: { type: ['integer', 'null'], default: 2775 },
      rate: { type: 'number' },
      token: { type: 'string', format: 'password' },
      mode: { enum: ['fast', 'slow'], default: 'slow' },
      tls: { type: 'boolean', default: true },
    },
  },
};

describe('the SMS provider form', () => {
  it('builds its fields from the definition: text, number, secret, select, boolean', () => {
    expect(fieldsOf(RICH)).toEqual([
      { name: 'url', label: 'Base URL', kind: 'text', required: true, description: 'where to send' },
      { name: 'port', label: 'port', kind: 'number', required: false },
      { name: 'rate', label: 'rate', kind: 'number', required: false },
      { name: 'token', label: 'token', kind: 'secret', required: true },
      { name: 'mode', label: 'mode', kind: 'select', required: true, choices: ['fast', 'slow'] },
      { name: 'tls', label: 'tls', kind: 'boolean', required: false },
    ]);
    expect(fieldsOf(SMPP).map((f) => [f.name, f.kind])).toEqual([['host', 'text'], ['port', 'text'], ['systemId', 'text'], ['password', 'secret'], ['systemType', 'text']]);
    expect(fieldsOf({ id: 'bare' })).toEqual([]);
  });

  it('starts from the stored settings of the configured provider, else from the defaults; secrets always empty', () => {
    const stored = { provider: 'smpp', settings: { host: 'smsc.example.net', port: '2775' }, secrets: { password: true } };
    expect(initialValues(SMPP, stored)).toEqual({ host: 'smsc.example.net', port: '2775', systemId: '', password: '', systemType: '' });
    expect(initialValues(RICH, stored)).toEqual({ url: '', port: '2775', rate: '', token: '', mode: 'slow', tls: true });
    expect(initialValues(RICH, { provider: 'rich', settings: { tls: 'false', mode: 'fast' } })).toMatchObject({ tls: false, mode: 'fast' });
    expect(secretIsStored(SMPP, stored, 'password')).toBe(true);
    expect(secretIsStored(RICH, stored, 'password')).toBe(false);
  });

  it('writes every setting as a string, leaving out empty fields so a stored secret is kept', () => {
    const stored = { provider: 'smpp', settings: { host: 'old' }, secrets: { password: true } };
    expect(configurationBody(SMPP, { host: ' 127.0.0.1 ', port: '2775', systemId: 't1', password: '', systemType: '' }, { senderAddress: '+49 151 1234 5678', senderName: ' Acme ' }, stored))
      .toEqual({ body: { provider: 'smpp', senderAddress: 'tel:+4915112345678', senderName: 'Acme', settings: { host: '127.0.0.1', port: '2775', systemId: 't1' } } });
    expect(configurationBody(SMPP, { host: 'h', password: ' with spaces ' }, { senderAddress: '', senderName: '' }))
      .toEqual({ body: { provider: 'smpp', settings: { host: 'h', password: ' with spaces ' } } });
    expect(configurationBody(RICH, { url: 'https://x', port: '25', token: 't', mode: 'fast', tls: false }, { senderAddress: '', senderName: '' }))
      .toEqual({ body: { provider: 'rich', settings: { url: 'https://x', port: '25', token: 't', mode: 'fast', tls: 'false' } } });
  });

  it('names what is missing or wrong instead of sending it', () => {
    expect(configurationBody(RICH, { url: '', port: 'many', token: '', mode: 'fast', tls: true }, { senderAddress: '0151 123', senderName: '' })).toEqual({
      problems: ['Base URL is required.', 'port must be a number.', 'token is required.', 'Sender address must be an international number such as +4915112345678.'],
    });
    const storedToken = { provider: 'rich', secrets: { token: true } };
    expect(configurationBody(RICH, { url: 'u', token: '', mode: 'fast', tls: true }, { senderAddress: '', senderName: '' }, storedToken))
      .toEqual({ body: { provider: 'rich', settings: { url: 'u', mode: 'fast', tls: 'true' } } });
  });

  it('forgets typed secrets once they are saved', () => {
    expect(withoutSecrets(RICH, { url: 'u', token: 't', tls: true })).toEqual({ url: 'u', token: '', tls: true });
  });

  it('writes phone numbers as tel: URIs', () => {
    expect(telAddress('tel:+4915112345678')).toBe('tel:+4915112345678');
    expect(telAddress(' +49 (151) 123-45678 ')).toBe('tel:+4915112345678');
    expect(telAddress('015112345678')).toBeNull();
    expect(telAddress('+0123')).toBeNull();
  });
});
