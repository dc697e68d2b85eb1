/** One sample of the Prometheus text exposition format. */
export interface Sample { name: string; labels: Record<string, string>; value: number }

/** Fetches `<baseUrl>/metrics` and parses its samples; fails on any answer but 200. */
export async function scrapeMetrics(baseUrl: string): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${baseUrl}/metrics`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${baseUrl}/metrics answered ${res.status}: ${text.slice(0, 200)}`);
  return { text, samples: parseMetrics(text) };
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value.replace(/\\(.)/g, '$1');
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`; 0 when there are none. */
export function metricValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
