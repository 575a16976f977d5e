/** Error codes and their statuses (contract §1.4). */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  DRIVE_AUTH_REQUIRED: 400,
  UNAUTHORIZED: 401,
  QUOTA_EXCEEDED: 402,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /**
   * Not in the contract: a route of the contract whose implementation has not landed yet answers
   * 501 after authentication, rather than pretending with a fake body.
   */
  NOT_IMPLEMENTED: 501,
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ValidationDetail {
  field: string;
  message: string;
}

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  status: number;
  code: ErrorCode;
  details?: unknown;
}

/** Exact texts of the conventions every endpoint shares (contract §1.1, §1.2, §1.4, §1.8). */
export const MESSAGES = {
  invalidJson: 'Invalid JSON body',
  bodyNotObject: 'Request body must be a JSON object',
  unsupportedMediaType: 'Content-Type must be application/json',
  bodyTooLarge: 'Request body too large',
  authenticationRequired: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  sessionExpired: 'Session expired',
  userNotAuthenticated: 'User not authenticated',
  accountInactive: 'Your account is inactive',
  organizationInactive: 'Your organization is not active',
  ipNotAllowed: 'Access from this IP address is not allowed',
  forbidden: "You don't have permission to access this resource.",
  routeNotFound: 'Route not found',
  internal: 'Internal server error',
  rateLimited: 'Too many requests. Please try again later.',
  notImplemented: 'This endpoint is not available yet in this release',
} as const;

/** Largest JSON body a function accepts (contract §1.1). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
