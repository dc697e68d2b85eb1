import { DomainError } from '@berth/http';

/** The error resources' resource part for everything the sms-adapter answers. */
export const SMS_RESOURCE = 'messaging';

/** 422 naming the field of the request that is wrong. */
export const invalidField = (field: string, problem: string) =>
  new DomainError(SMS_RESOURCE, 'Unprocessable Entity', `${field} ${problem}`);

export const notFound = (what: string) => new DomainError(SMS_RESOURCE, 'Not Found', `${what} not found`);

/** The tenant has no usable provider, or its provider cannot do what was asked. */
export const providerCannot = (message: string) => new DomainError(SMS_RESOURCE, 'Unprocessable Entity', message);
