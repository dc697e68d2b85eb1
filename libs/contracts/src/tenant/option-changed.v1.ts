import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface OptionChangedV1 {
  category: string;
  key: string;
  change: 'created' | 'updated' | 'deleted';
}

/** A tenant option changed. Never carries the value (it may be a secret). Key: `<tenant>/<category>/<key>`. */
export const OptionChanged = defineContract<OptionChangedV1>(Topics.optionEvents, 'OptionChanged', 1);
