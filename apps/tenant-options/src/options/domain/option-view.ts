/** An option as the interface shows it (docs/api/options.md); `value` is absent for a secret the caller may not read. */
export interface OptionView {
  self: string;
  category: string;
  key: string;
  value?: string;
}

/** `?evaluate=` on a single option: the caller's own option, or the system option where the tenant has none. */
export type Evaluation = 'current' | 'inherited';
/** The values `?evaluate=` takes; empty (or absent) is `current`. */
export const EVALUATIONS: readonly Evaluation[] = ['current', 'inherited'];
