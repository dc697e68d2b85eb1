import { createPublicKey } from 'node:crypto';
import { invalidOption } from '../option-errors';

export const PUBLIC_KEY_CATEGORY = 'token.publicKey';
export const MIN_RSA_BITS = 512;
const PEM_PUBLIC = /^-----BEGIN (RSA )?PUBLIC KEY-----\r?\n[\s\S]+\r?\n-----END (RSA )?PUBLIC KEY-----\s*$/;

/**
 * A `token.publicKey/<kid>` option (docs/security.md, "External JWTs"): the value must be a PEM RSA
 * public key of at least 512 bits. Private keys are refused, so one is never stored.
 * @throws DomainError 422 naming the key.
 */
export function checkPublicKey(key: string, value: string): void {
  const pem = value.trim();
  if (!PEM_PUBLIC.test(pem)) throw invalidOption(key, 'value must be a PEM public key (-----BEGIN PUBLIC KEY-----)');
  let parsed;
  try {
    parsed = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw invalidOption(key, 'value is not a readable PEM public key');
  }
  if (parsed.asymmetricKeyType !== 'rsa') throw invalidOption(key, 'value must be an RSA public key');
  const bits = parsed.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) throw invalidOption(key, `RSA key must have at least ${MIN_RSA_BITS} bits, has ${bits}`);
}
