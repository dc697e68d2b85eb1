/** The collection of tenant and system options; its documents carry their outbox entries. */
export const OPTIONS_COLLECTION = 'options';

/**
 * One option, `_id` `<owner>/<category>/<key>` (owner: tenant id or `@system`). A deleted option
 * stays as a tombstone (`deleted: true`, no value) so its deletion event rides in the same
 * single-document write; writing it again revives it. A `credentials.` key holds `sealed`
 * (SecretBox ciphertext bound to `_id`), any other key `value`.
 */
export interface OptionDocument {
  _id: string;
  owner: string;
  category: string;
  key: string;
  value?: string;
  sealed?: string;
  editable: boolean;
  deleted: boolean;
  version: number;
  updatedAt: Date;
}
