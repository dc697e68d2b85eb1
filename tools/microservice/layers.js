// The layers of a microservice image (docs/microservices.md#the-image), made by the shared code of
// libs/archives (image-layers.ts), which the orchestrator uses too. The runtime layer is the same for
// every microservice packaged with the same Node, so its compressed form is kept in the user's cache
// instead of being compressed again.
const { homedir } = require('node:os');
const { join } = require('node:path');

const { LayerDirectory, compressLayer, layerTar } = require(join(__dirname, '..', '..', 'dist', 'libs', 'archives', 'src'));

/** Where compressed layers are kept between runs: $XDG_CACHE_HOME/berth/layers, else ~/.cache/berth/layers. */
const cacheDir = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'berth', 'layers');

/** The compressed form of the layer `data` (digest `diffId`) from the cache, else compressed now and kept there. */
function cachedCompress(data, diffId) {
  const cache = new LayerDirectory(cacheDir());
  const cached = cache.readSync(diffId);
  if (cached) return cached;
  const packed = compressLayer(data);
  // Without a writable cache the layer is compressed again next time; the package is the same.
  cache.writeSync(diffId, packed);
  return packed;
}

/**
 * The layer of the uncompressed tar `data` (digest `diffId`), compressed (from the cache with `cache`).
 * @returns {{ diffId: string, data: Buffer, createdBy: string, bytes: number }} `bytes` the size of the uncompressed tar.
 */
function packLayer({ diffId, data }, createdBy, { cache = false } = {}) {
  return { diffId, data: cache ? cachedCompress(data, diffId) : compressLayer(data), createdBy, bytes: data.length };
}

/**
 * One layer of `files` (`{ name, data, mode }`, names without a leading /) and the directories they
 * need, plus `dirs` (`{ name, mode }`), in name order.
 */
function layer(files, createdBy, { dirs = [], cache = false } = {}) {
  return packLayer(layerTar(files, dirs), createdBy, { cache });
}

module.exports = { layer, packLayer, cacheDir };
