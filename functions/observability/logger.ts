import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per process (Powertools); the service name comes from POWERTOOLS_SERVICE_NAME. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'groundwork' });
