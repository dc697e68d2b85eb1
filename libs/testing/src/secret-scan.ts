import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
/** Where the test processes write the app logs the scan reads, and (apart from them) the secrets they used. */
export const TEST_LOG_DIR = join(ROOT, '.local', 'logs', 'test');
const SECRETS_DIR = join(ROOT, '.local', 'logs', 'test-secrets');
/** Shorter values (e.g. a deliberately wrong "x") would match by chance. */
const MIN_LENGTH = 8;
const seen = new Set<string>();

/**
 * Notes a password, key or token a test run generated or sent, so that the scan at the end of the
 * run (scanLogsForSecrets) can check that no app logged it. Cheap and idempotent per process.
 */
export function recordSecret(value: string | undefined): void {
  if (!value || value.length < MIN_LENGTH || seen.has(value)) return;
  seen.add(value);
  mkdirSync(SECRETS_DIR, { recursive: true });
  appendFileSync(join(SECRETS_DIR, `${process.pid}.txt`), `${JSON.stringify(value)}\n`);
}

/** Forgets the secrets of an earlier run (called when a run starts). */
export function clearRecordedSecrets(): void {
  rmSync(SECRETS_DIR, { recursive: true, force: true });
}

export interface SecretFinding { file: string; secret: string }

/**
 * Every recorded secret that occurs in a log file of `logDir`, as is or JSON-escaped (a Basic
 * header's value is recorded as a secret of its own). The secret is reported masked.
 */
export function scanLogsForSecrets(logDir = TEST_LOG_DIR, secretsDir = SECRETS_DIR): SecretFinding[] {
  if (!existsSync(secretsDir) || !existsSync(logDir)) return [];
  const secrets = new Set<string>();
  for (const file of readdirSync(secretsDir)) {
    for (const line of readFileSync(join(secretsDir, file), 'utf8').split('\n')) if (line) secrets.add(JSON.parse(line));
  }
  const findings: SecretFinding[] = [];
  for (const file of readdirSync(logDir).filter((f) => f.endsWith('.log'))) {
    const text = readFileSync(join(logDir, file), 'utf8');
    for (const secret of secrets) {
      if (forms(secret).some((form) => text.includes(form))) findings.push({ file, secret: mask(secret) });
    }
  }
  return findings;
}

function forms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}

function mask(secret: string): string {
  return `${secret.slice(0, 3)}…(${secret.length} characters)`;
}
