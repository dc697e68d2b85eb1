// The entries of a ZIP as name → content, read with yauzl: a microservice ZIP's manifest for the CLI,
// the console ZIP's version for its install, a microservice ZIP repacked by the hosting benchmark.
const yauzl = require('yauzl');

/**
 * The entries of the ZIP at `zipPath` (only those `names` lists, when given) as name → content.
 * @returns {Promise<Map<string, Buffer>>} @throws Error "<zipPath> is not a ZIP: …" when it cannot be opened as one.
 */
function readZipEntries(zipPath, names) {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(new Error(`${zipPath} is not a ZIP: ${err.message}`));
      const entries = new Map();
      zip.on('entry', (entry) => {
        if (names && !names.includes(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c)).on('error', reject).on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries)).on('error', reject);
      zip.readEntry();
    });
  });
}

module.exports = { readZipEntries };
