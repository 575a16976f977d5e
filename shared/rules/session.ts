/** Contract §2 SecuritySettings default: a sign-in stays valid for 720 hours unless the organization says less. */
export const DEFAULT_SESSION_MAX_AGE_HOURS = 720;

/** Contract §1.2: expiry is checked with 60 s of leeway. */
export const TOKEN_CLOCK_LEEWAY_SECONDS = 60;
