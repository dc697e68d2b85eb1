// `npm run bench:malloc`: the resident size of a Node process doing bursts of scrypt (the password
// checks of tenant-options: N=16384 needs 16 MB per call, N=1024 1 MB), side by side with glibc's
// default allocator settings and with MALLOC_MMAP_THRESHOLD_ as tools/lib/common.sh and the
// Dockerfile set it. Each variant runs in a child process of its own, in the same invocation.
const { spawnSync } = require('node:child_process');
const { parseArgs } = require('node:util');

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '6' }, burst: { type: 'string', default: '40' } } });

const CHILD = `
const { scrypt, randomBytes } = require('node:crypto');
const hash = (pw, N) => new Promise((ok, ko) => scrypt(pw, randomBytes(16), 32, { N, r: 8, p: 1, maxmem: 64 << 20 }, (e, k) => (e ? ko(e) : ok(k))));
(async () => {
  const rss = () => Math.round(process.memoryUsage().rss / 1e6);
  const seen = [rss()];
  for (let round = 0; round < ${Number(args.rounds)}; round++) {
    const jobs = [];
    for (let i = 0; i < ${Number(args.burst)}; i++) jobs.push(hash('p' + i, 16384), ...(i % 3 ? [] : [hash('m' + i, 1024)]));
    await Promise.all(jobs);
    seen.push(rss());
  }
  console.log(JSON.stringify(seen));
})();`;

const variants = [
  ['glibc default', { MALLOC_MMAP_THRESHOLD_: '' }],
  ['MALLOC_MMAP_THRESHOLD_=1048576', { MALLOC_MMAP_THRESHOLD_: '1048576' }],
];
console.log(`RSS (MB) at the start and after each of ${args.rounds} bursts of ${args.burst} scrypt calls:`);
for (const [name, extra] of variants) {
  const env = { ...process.env, ...extra };
  if (!env.MALLOC_MMAP_THRESHOLD_) delete env.MALLOC_MMAP_THRESHOLD_;
  const run = spawnSync(process.execPath, ['-e', CHILD], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  const seen = JSON.parse(run.stdout);
  console.log(`${name.padEnd(32)} ${seen.map((v) => String(v).padStart(5)).join('')}   growth ${seen.at(-1) - seen[0]} MB`);
}
