/**
 * Deployment settings domain code needs, read by the composition root (only it reads the
 * environment). Functions, because the local runtime learns its origin only once it listens.
 */
export interface SettingsPort {
  /** The web client's origin, without a trailing slash: invitation links and Slack's events URL name it. */
  webOrigin(): string;
  /** The same origin, or undefined when none is configured, for mail that can go without a link (support tickets). */
  webOriginIfSet(): string | undefined;
  /** The organization self sign-ups land in when no organization owns the email's domain (§4.2); undefined when unset. */
  defaultConsumerOrganizationId(): string | undefined;
  /** Base URL of Google's APIs (Drive, §12); Google's own host unless GOOGLE_API_BASE_URL says otherwise (tests). */
  googleApiBaseUrl?(): string;
}
