/** The most characters a free text field of a user, tenant or login option has. */
export const MAX_TEXT_LENGTH = 1000;
