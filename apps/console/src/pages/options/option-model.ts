/** The options page's rules that need no browser: which options are secrets, how values show, the list's filter and grouping. */
import { pageOf } from '../../paging';

export interface OptionRow { category: string; key: string; value?: string; editable?: boolean | string }

/** A key starting with `credentials.` is a secret: stored encrypted, its value never answered to the tenant's admins (docs/api/options.md#secrets). */
export const SECRET_PREFIX = 'credentials.';
export const SECRET_SHOWN = '••••• (secret)';
/** Options are short rows: a page of the list (and of the system options) holds more of them than other lists. */
export const OPTIONS_PAGE_SIZE = 50;

export const isSecretKey = (key: string): boolean => key.startsWith(SECRET_PREFIX);

/** What the list shows as an option's value: a secret is masked even when the platform answered its value. */
export function shownValue(option: OptionRow): string {
  if (isSecretKey(option.key)) return SECRET_SHOWN;
  return option.value ?? '';
}

/** Whether the platform marks the option locked (`editable: false`, also as the string the lock request takes). */
export const isLocked = (option: OptionRow): boolean => option.editable === false || option.editable === 'false';

export interface OptionFilter { category?: string; page: number }

export function optionFilterFromQuery(query: URLSearchParams): OptionFilter {
  return { category: query.get('category')?.trim() || undefined, page: pageOf(query) };
}

/** An option's name in the list: its category and key. */
export const optionId = (option: OptionRow): string => `${option.category}/${option.key}`;

/** The options of one page grouped by category, categories and keys in alphabetical order. */
export function groupByCategory<T extends OptionRow>(options: readonly T[]): { category: string; options: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const option of options) groups.set(option.category, [...(groups.get(option.category) ?? []), option]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, rows]) => ({ category, options: [...rows].sort((a, b) => a.key.localeCompare(b.key)) }));
}

export interface OptionDraft { category: string; key: string; value: string }

/**
 * The option a create or edit form writes, or the reason it cannot be sent yet. A secret's value is
 * never shown, so editing one means typing a new value: an empty one is refused rather than stored.
 */
export function optionToWrite(draft: OptionDraft): { option: OptionDraft } | { problem: string } {
  const category = draft.category.trim();
  const key = draft.key.trim();
  if (!category) return { problem: 'Enter a category.' };
  if (!key) return { problem: 'Enter a key.' };
  if (isSecretKey(key) && draft.value === '') return { problem: 'Type the secret\'s new value: the stored one is never shown.' };
  return { option: { category, key, value: draft.value } };
}

/** The body of `PUT /tenant/options/{category}/{key}/editable` (docs/api/options.md#who-may-do-what). */
export const editableBody = (editable: boolean) => ({ editable: String(editable) });

/** Only the management tenant creates tenants, so its current tenant says `allowCreateTenants: true` (docs/api/tenants-users-auth.md). */
export const isManagementTenant = (tenant: { allowCreateTenants?: boolean } | undefined): boolean => tenant?.allowCreateTenants === true;
