/** The precompressed siblings a web application's ZIP may hold, by preference: `x.js.br` before `x.js.gz`. */
export const ENCODINGS = [{ coding: 'br', suffix: '.br' }, { coding: 'gzip', suffix: '.gz' }] as const;
export type Coding = (typeof ENCODINGS)[number]['coding'];

/** The qualities an Accept-Encoding header gives each coding (`*` included); absent header: none. */
function qualities(acceptEncoding: string | undefined): Map<string, number> {
  const q = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = weight === undefined ? 1 : Number(weight);
    q.set(coding.trim(), Number.isFinite(value) ? value : 0);
  }
  return q;
}

/**
 * The precompressed sibling to answer with: the first of ENCODINGS that exists (`has`) and that
 * Accept-Encoding allows (a quality above 0, named or through `*`); undefined for the file itself.
 */
export function chooseEncoding(acceptEncoding: string | undefined, has: (coding: Coding) => boolean): Coding | undefined {
  const q = qualities(acceptEncoding);
  const allowed = (coding: string) => (q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0) > 0;
  return ENCODINGS.find((e) => has(e.coding) && allowed(e.coding))?.coding;
}

/** The suffix of a coding's sibling file. */
export const suffixOf = (coding: Coding) => ENCODINGS.find((e) => e.coding === coding)!.suffix;
