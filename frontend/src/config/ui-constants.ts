/** Spec 03 §9: page size of the groups, users (and organizations) lists. */
export const PAGE_SIZE = 10;
/** Spec 03 §9: search debounce on the groups and users pages and in the member modal. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec 03 §9: the member modal's user search asks for page 1, limit 10 ... */
export const MEMBER_SEARCH_LIMIT = 10;
/** ... and spec 03 (Groups page) shows the top 5 of each list. */
export const MEMBER_MODAL_TOP = 5;
/** Spec 03 §9: how long "Copied" stays after a copy. */
export const COPY_CONFIRM_MS = 2000;
/** Spec 01 §9 / spec 03 §9: the minimum password length when no organization policy is known. */
export const MIN_PASSWORD_LENGTH = 8;
