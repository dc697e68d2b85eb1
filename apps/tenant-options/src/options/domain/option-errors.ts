import { DomainError } from '@berth/http';

/** The error resource name of this context: `options/<kind>`. */
export const OPTIONS_RESOURCE = 'options';

/** 404 `options/Not Found`. */
export function optionNotFound(category: string, key?: string): DomainError {
  return new DomainError(OPTIONS_RESOURCE, 'Not Found', key === undefined
    ? `No option of category ${category}` : `No option ${category}/${key}`);
}

/** 422 `options/Invalid Data`, naming the offending key (or field). */
export function invalidOption(key: string, problem: string): DomainError {
  return new DomainError(OPTIONS_RESOURCE, 'Invalid Data', `${key}: ${problem}`);
}

/** 403 `options/Forbidden`: the management tenant locked the option against changes. */
export function optionNotEditable(category: string, key: string): DomainError {
  return new DomainError(OPTIONS_RESOURCE, 'Forbidden', `Option ${category}/${key} is not editable`);
}

/** 409 `options/Update Conflict`: the option kept changing under this write. */
export function optionConflict(category: string, key: string): DomainError {
  return new DomainError(OPTIONS_RESOURCE, 'Update Conflict', `Option ${category}/${key} changed in the meantime; repeat the request`);
}
