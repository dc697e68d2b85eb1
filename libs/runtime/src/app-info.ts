/** Who the running app is. Provided by RuntimeModule. */
export interface AppInfo { name: string; version: string }
export const APP_INFO = Symbol('APP_INFO');
export const BASE_CONFIG = Symbol('BASE_CONFIG');
