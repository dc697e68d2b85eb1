// The layers of a microservice image (docs/microservices.md#the-image): each a tar of files in a fixed
// order with fixed metadata, so that the same files always make the same layer (same digest) and an
// engine stores a layer that several images share once; compressed with zstd, which engines detect
// when they load an image. The runtime layer is the same for every microservice packaged with the
// same Node, so its compressed form is kept in the user's cache instead of being compressed again.
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { join } = require('node:path');
const { constants, zstdCompressSync, zstdDecompressSync } = require('node:zlib');

const { parentDirectories, tar } = require(join(__dirname, '..', '..', 'dist', 'libs', 'archives', 'src'));

/**
 * zstd level 9 with its default window (8 MB), which every decoder accepts: the runtime layer
 * (about 110 MB) packs in a few seconds; the strongest level saves a sixth more and takes a minute.
 */
const LEVEL = 9;

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const compress = (data) => zstdCompressSync(data, { params: { [constants.ZSTD_c_compressionLevel]: LEVEL } });

/** Where compressed layers are kept between runs: $XDG_CACHE_HOME/berth/layers, else ~/.cache/berth/layers. */
const cacheDir = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'berth', 'layers');

/** Whether `packed` unpacks to the layer `diffId` names (a cache file cut short or changed does not). */
function holds(packed, diffId) {
  try {
    return sha256(zstdDecompressSync(packed)) === diffId;
  } catch {
    return false;
  }
}

/** The compressed form of the layer `data` (digest `diffId`) from the cache, else compressed now and kept there. */
function cachedCompress(data, diffId) {
  const path = join(cacheDir(), `${diffId}.tar.zst`);
  if (existsSync(path)) {
    const cached = readFileSync(path);
    if (holds(cached, diffId)) return cached;
  }
  const packed = compress(data);
  try {
    mkdirSync(cacheDir(), { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, packed);
    renameSync(partial, path);
  } catch {
    // Without a writable cache the layer is compressed again next time; the package is the same.
  }
  return packed;
}

/**
 * One layer of `files` (`{ name, data, mode }`, names without a leading /) and the directories they
 * need, plus `dirs` (`{ name, mode }`), in name order.
 * @returns {{ diffId: string, data: Buffer, createdBy: string, bytes: number }} `data` compressed,
 *   `bytes` the size of the uncompressed tar.
 */
function layer(files, createdBy, { dirs = [], cache = false } = {}) {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const own = new Set(dirs.map((d) => d.name));
  const entries = [
    ...parentDirectories(sorted.map((f) => f.name)).filter((d) => !own.has(d.name)),
    ...dirs.map((d) => ({ ...d, type: '5' })),
    ...sorted,
  ];
  const data = tar(entries);
  const diffId = sha256(data);
  return { diffId, data: cache ? cachedCompress(data, diffId) : compress(data), createdBy, bytes: data.length };
}

module.exports = { layer, cacheDir };
