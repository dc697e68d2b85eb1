/**
 * @nestjs/swagger, loaded when first needed: by an app's controllers (`ApiRoute`) and its document,
 * never by the gateway, which only merges documents (about 5 MB of resident memory saved there).
 */
export function swagger(): typeof import('@nestjs/swagger') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@nestjs/swagger');
}
