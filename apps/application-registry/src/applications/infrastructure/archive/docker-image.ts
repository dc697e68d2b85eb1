import type { TarEntry } from './tar-headers';

/**
 * What is wrong with a `docker save` archive, given its tar entries and the content of its
 * `manifest.json`: the manifest must be a non-empty JSON list of `{Config, Layers[]}` whose
 * config and every layer are entries of the archive. Empty when nothing is.
 */
export function dockerImageProblems(entries: TarEntry[], manifestJson: Buffer | undefined): string[] {
  if (manifestJson === undefined) return ['image.tar has no manifest.json: it is not a docker save archive'];
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestJson.toString('utf8'));
  } catch {
    return ['image.tar\'s manifest.json is not valid JSON'];
  }
  if (!Array.isArray(manifest) || manifest.length === 0) return ['image.tar\'s manifest.json must be a non-empty list of images'];
  const files = new Set(entries.filter((e) => e.type === '0' || e.type === '\0' || e.type === '7').map((e) => e.name));
  const problems: string[] = [];
  manifest.forEach((image: unknown, i) => {
    const { Config, Layers } = (image ?? {}) as { Config?: unknown; Layers?: unknown };
    if (typeof Config !== 'string') problems.push(`image.tar manifest.json[${i}].Config is missing`);
    else if (!files.has(Config)) problems.push(`image.tar lacks the image config ${Config}`);
    if (!Array.isArray(Layers) || Layers.some((l) => typeof l !== 'string')) {
      problems.push(`image.tar manifest.json[${i}].Layers must be a list of paths`);
      return;
    }
    for (const layer of Layers as string[]) if (!files.has(layer)) problems.push(`image.tar lacks the layer ${layer}`);
  });
  return problems;
}
