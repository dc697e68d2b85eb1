/** Injection token of the sms-adapter's validated config. */
export const SMS_CONFIG = Symbol('SMS_CONFIG');
