// The entries of a ZIP as name → content, read with yauzl (for the benchmarks that repack a microservice ZIP).
const yauzl = require('yauzl');

/** @returns {Promise<Map<string, Buffer>>} */
function readZipEntries(zipPath) {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map();
      zip.on('entry', (entry) => {
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
