import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface OptionChangedV1 {
  category: string;
  key: string;
  change: 'created' | 'updated' | 'deleted';
  /** `tenant` (an option of the envelope's tenant) or `system` (a system option, written by the management tenant). */
  scope?: 'tenant' | 'system';
  /** The new value, for created and updated options that are not secrets. Never present for a `credentials.` key. */
  value?: string;
  /** True for a `credentials.` key: stored encrypted, its value never travels. */
  encrypted?: boolean;
  /** False once the management tenant has locked the option against its owner's changes. */
  editable?: boolean;
}

/**
 * A tenant option changed. Never carries a secret's value. Key (aggregate id):
 * `<tenant>/<category>/<key>` for a tenant's option, `@system/<category>/<key>` for a system option.
 */
export const OptionChanged = defineContract<OptionChangedV1>(Topics.optionEvents, 'OptionChanged', 1);
