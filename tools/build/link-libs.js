// After `tsc -p tsconfig.build.json`, makes `require('@berth/<lib>')` resolve inside dist/:
// writes dist/node_modules/@berth/<lib>/package.json pointing at dist/libs/<lib>/src/index.js,
// mirroring the `paths` of tsconfig.base.json. Plain files, so dist/ can be copied anywhere.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  const dir = join(root, 'dist', 'node_modules', alias);
  const main = join('..', '..', '..', target.replace(/\.ts$/, '.js'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: alias, private: true, main }, null, 2)}\n`);
}
