import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LIB = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(LIB, 'package.json'), 'utf8'));

/** The SDK as the installable package @berth/microservice-sdk (npm run build:sdk; docs/microservices.md#the-node-sdk). */
describe('@berth/microservice-sdk as a package', () => {
  it('imports nothing but Node and its own files, so that it installs with no dependency', () => {
    const sources = readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
    const imports = sources.flatMap((f) => [...readFileSync(join(__dirname, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]));
    expect(imports.filter((i) => !i.startsWith('node:') && !i.startsWith('./'))).toEqual([]);
  });

  it('names its compiled entry and type declarations, publishes only them and its README, and depends on nothing', () => {
    expect(pkg).toMatchObject({ name: '@berth/microservice-sdk', main: 'dist/index.js', types: 'dist/index.d.ts', files: ['dist/**/*.js', 'dist/**/*.d.ts', 'README.md'] });
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'scripts', 'private']) expect(pkg[field]).toBeUndefined();
  });
});
