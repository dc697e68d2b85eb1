/** Just enough of a browser for the OpenID provider's pages: a cookie jar per origin, redirects followed by hand. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const cookies = [...(this.jar.get(origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = cookies ? { cookie: cookies } : {};
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const store = this.jar.get(origin) ?? new Map<string, string>();
      store.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      this.jar.set(origin, store);
    }
    return res;
  }

  /** Follows redirects from `url` until one leaves for `stopAt` (answered, not fetched), or a page answers. */
  async follow(url: string, stopAt: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: string; res?: Response }> {
    let res = await this.request(url, init);
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get('location')!, url).toString();
      if (next.startsWith(stopAt)) return { url: next };
      url = next;
      res = await this.request(url);
    }
    return { url, res };
  }
}
