// The console's bundle (docs/console.md): relative asset URLs, so that it works under any context
// path; hashed file names, which the platform serves with a long cache lifetime.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default {
  root,
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/console/www', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // Hex hashes: the platform caches a file for a year when a part of its name is a hash with a digit
    // (docs/api/applications.md); an 8-character hex hash has no digit once in about 2,500 builds.
    rollupOptions: { output: { hashCharacters: 'hex' } },
  },
};
