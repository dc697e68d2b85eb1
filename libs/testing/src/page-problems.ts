/** What went wrong on a page, as the browser harness records it (docs/testing.md#pages-in-a-browser). */
export type PageProblem =
  | { kind: 'console'; text: string; url?: string }
  | { kind: 'exception'; text: string }
  | { kind: 'response'; method: string; url: string; status: number }
  | { kind: 'request-failed'; method: string; url: string; error: string }
  | { kind: 'csp'; directive: string; blocked: string; source: string };

/**
 * An HTTP error answer a flow provokes on purpose (e.g. the 409 the page shows the user). `url` is the
 * whole URL or its path with query (`/tenant/options`); a RegExp is tested on the whole URL. Any
 * method matches when `method` is left out.
 */
export interface ExpectedResponse {
  url: string | RegExp;
  status: number;
  method?: string;
}

/** One readable line for a problem, as a failing `expect` shows it. */
export function describeProblem(problem: PageProblem): string {
  switch (problem.kind) {
    case 'console': return `console error: ${problem.text}${problem.url ? ` (${problem.url})` : ''}`;
    case 'exception': return `uncaught exception: ${problem.text}`;
    case 'response': return `${problem.method} ${problem.url} answered ${problem.status}`;
    case 'request-failed': return `${problem.method} ${problem.url} failed: ${problem.error}`;
    case 'csp': return `CSP violation: ${problem.directive} blocked ${problem.blocked} in ${problem.source}`;
  }
}

/** Whether `problem` is an error answer that one of `expected` names. */
export function isExpectedResponse(problem: PageProblem, expected: readonly ExpectedResponse[]): boolean {
  if (problem.kind !== 'response') return false;
  return expected.some((e) => e.status === problem.status
    && (e.method === undefined || e.method.toUpperCase() === problem.method)
    && (typeof e.url === 'string' ? e.url === problem.url || e.url === pathAndQuery(problem.url) : e.url.test(problem.url)));
}

/**
 * Whether `problem` is a request Chromium aborted because the host's network interfaces changed
 * (docs/testing.md#pages-in-a-browser): the engine adds and removes one with every container other
 * specs start, and Chromium then fails the requests in flight with `net::ERR_NETWORK_CHANGED`, even
 * on loopback. The page is not at fault; what the request was for, the spec still checks.
 */
export function isHostNetworkChange(problem: PageProblem): boolean {
  return problem.kind === 'request-failed' && problem.error === 'net::ERR_NETWORK_CHANGED';
}

/**
 * The problems of one page, in the order they happened. A spec reads them as lines (minus the error
 * answers it expects) and may clear them between the steps of a flow.
 */
export class ProblemLog {
  private readonly recorded: PageProblem[] = [];

  record(problem: PageProblem): void { this.recorded.push(problem); }

  /** Forgets what was recorded so far, e.g. after a step whose errors the spec checked itself. */
  clear(): void { this.recorded.length = 0; }

  /** Everything recorded since the page opened or the last `clear`. */
  get all(): readonly PageProblem[] { return [...this.recorded]; }

  /**
   * The recorded problems as lines, leaving out the error answers `expected` names and the requests
   * the host's network aborted (`isHostNetworkChange`).
   */
  unexpected(expected: readonly ExpectedResponse[] = []): string[] {
    return this.recorded.filter((p) => !isExpectedResponse(p, expected) && !isHostNetworkChange(p)).map(describeProblem);
  }
}

function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
