import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { GOOGLE_IDENTITY_SCRIPT_URL } from '../../shared/config/runtime-config';
import { spaContentSecurityPolicy } from '../../shared/config/spa-security-policy';

export interface CloudSpaOptions {
  /** Stripe mode: the billing screens load Stripe.js. */
  readonly stripe: boolean;
  /** The Drive page loads Google Identity Services when a Drive client id is configured. */
  readonly googleDrive: boolean;
}

/**
 * The web client's CSP in the cloud, from the policy the local server sends too: what the SPA
 * reaches there besides its own origin is the Cognito issuer (discovery, keys), the hosted domain
 * (token and refresh endpoint) and the data bucket (presigned uploads, virtual-hosted names).
 */
export function cloudSpaContentSecurityPolicy(scope: IConstruct, options: CloudSpaOptions): string {
  const { region, urlSuffix } = Stack.of(scope);
  return spaContentSecurityPolicy({
    connectSources: [`https://cognito-idp.${region}.${urlSuffix}`, `https://*.auth.${region}.amazoncognito.com`, `https://*.s3.${region}.${urlSuffix}`],
    scriptSources: options.googleDrive ? [new URL(GOOGLE_IDENTITY_SCRIPT_URL).origin] : [],
    stripe: options.stripe,
  });
}
