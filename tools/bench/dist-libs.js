// Benchmarks run on the compiled libraries (`npm run build`), like the apps do.
const { join } = require('node:path');

const lib = (name) => require(join(__dirname, '..', '..', 'dist', 'libs', name, 'src'));

module.exports = { messaging: lib('messaging'), contracts: lib('contracts'), auth: lib('auth'), archives: lib('archives') };
