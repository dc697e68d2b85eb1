const MEMORY_UNITS: Record<string, number> = {
  '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

/** A Kubernetes-style memory quantity (`512M`, `1Gi`, `1000000`) in bytes. @throws Error for anything else. */
export function memoryBytes(quantity: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ei|Pi|Ti|Gi|Mi|Ki|E|P|T|G|M|K)?$/.exec(quantity.trim());
  if (!m) throw new Error(`not a memory quantity: ${quantity}`);
  return Math.round(Number(m[1]) * MEMORY_UNITS[m[2] ?? '']);
}

/** A CPU quantity (`0.5`, `1`, `500m`) in nano-CPUs (the engine's unit). @throws Error for anything else. */
export function nanoCpus(quantity: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m)?$/.exec(String(quantity).trim());
  if (!m) throw new Error(`not a CPU quantity: ${quantity}`);
  return Math.round(Number(m[1]) * (m[2] ? 1e6 : 1e9));
}
