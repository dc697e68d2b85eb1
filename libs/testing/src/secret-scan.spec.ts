import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanLogsForSecrets } from './secret-scan';

function dirs(secrets: string[], logs: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'secret-scan-'));
  const secretsDir = join(root, 'secrets');
  const logDir = join(root, 'logs');
  for (const [dir, files] of [[secretsDir, { '1.txt': secrets.map((s) => JSON.stringify(s)).join('\n') }], [logDir, logs]] as const) {
    mkdirSync(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  }
  return { logDir, secretsDir };
}

describe('scanLogsForSecrets', () => {
  it('finds a secret in clear or JSON-escaped in any .log file, and reports it masked', () => {
    const { logDir, secretsDir } = dirs(['Pw-0123456789', 'quote"backslash\\x'], {
      'a.log': '{"msg":"login","user":"bob"}\n{"msg":"oops","detail":"Pw-0123456789"}\n',
      'b.log': '{"msg":"body","text":"quote\\"backslash\\\\x"}\n',
      'c.txt': 'Pw-0123456789',
    });
    expect(scanLogsForSecrets(logDir, secretsDir)).toEqual([
      { file: 'a.log', secret: 'Pw-…(13 characters)' },
      { file: 'b.log', secret: 'quo…(17 characters)' },
    ]);
  });

  it('finds nothing in clean logs', () => {
    const { logDir, secretsDir } = dirs(['Pw-0123456789'], { 'a.log': '{"msg":"login","user":"bob","password":"[redacted]"}\n' });
    expect(scanLogsForSecrets(logDir, secretsDir)).toEqual([]);
  });
});
