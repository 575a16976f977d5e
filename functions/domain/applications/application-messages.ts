import { APPLICATION_REQUEST_MESSAGES } from '../../../shared/api/schemas/applications';

/** Exact texts of contract §16, §17.5 and §18.1. */
export const APPLICATION_MESSAGES = {
  // The create, update and enable bodies' texts (the form's among them), shared with the web client.
  ...APPLICATION_REQUEST_MESSAGES,
  notFound: 'Application not found',
  noAccess: 'You do not have access to this application',
  disabled: 'Application is disabled',
  invalidGroup: (id: string) => `Invalid group ID: ${id}`,
  groupsUpdated: 'Groups updated successfully',
  apiTokenTaken: 'API token is already in use',
  /** Not worded by the contract: two admins saved the same application at once. */
  changedMeanwhile: 'The application was changed by someone else. Reload it and try again.',
  apiTokensDisabled: 'API tokens are disabled for your organization',
  apiAccessNotInPlan: 'Your plan does not include API access',
  invalidApiKey: 'Invalid API key',
  apiAccessDisabled: 'API access is disabled for this application',
  originNotAllowed: 'Origin not allowed',
  apiRateLimited: (seconds: number) => `Rate limit exceeded. Try again in ${seconds} seconds.`,
  invalidSlackSignature: 'Invalid Slack signature',
  notifyNoMatch: 'Query and response must match a recent exchange of your chat',
} as const;
