import type { IConstruct } from 'constructs';
import { CONTEXT, contextString } from '../context';

/** CloudFront takes its viewer certificates from ACM in us-east-1 only, whatever the stack's region. */
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

export interface CustomDomain {
  /** The host names CloudFront answers for; the first is the web origin people open. */
  readonly domainNames: readonly string[];
  readonly certificateArn: string;
}

const HOST_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[A-Za-z0-9-]+$/;

/**
 * The custom domain of `groundwork:domainNames` (comma-separated host names) and
 * `groundwork:certificateArn`, checked at synth: one without the other, a malformed name or an
 * ARN outside us-east-1 would otherwise fail only when CloudFormation updates the distribution.
 */
export function customDomainOf(scope: IConstruct): CustomDomain | undefined {
  const names = contextString(scope, CONTEXT.domainNames);
  const certificateArn = contextString(scope, CONTEXT.certificateArn);
  if (names === undefined && certificateArn === undefined) return undefined;
  if (names === undefined) throw new Error(`${CONTEXT.certificateArn} is set but ${CONTEXT.domainNames} is not: name the domain(s) the certificate is for, e.g. -c ${CONTEXT.domainNames}=chat.example.com`);
  if (certificateArn === undefined) throw new Error(`${CONTEXT.domainNames} needs ${CONTEXT.certificateArn}: CloudFront serves a custom domain only with an ACM certificate from ${CLOUDFRONT_CERTIFICATE_REGION}`);

  const domainNames = [...new Set(names.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''))];
  for (const name of domainNames) {
    if (!HOST_NAME.test(name)) throw new Error(`${CONTEXT.domainNames} must list host names such as chat.example.com (no scheme, port, path or wildcard), got "${name}"`);
  }
  const arn = CERTIFICATE_ARN.exec(certificateArn);
  if (arn === null) throw new Error(`${CONTEXT.certificateArn} must be an ACM certificate ARN (arn:aws:acm:${CLOUDFRONT_CERTIFICATE_REGION}:<account>:certificate/<id>), got "${certificateArn}"`);
  if (arn[1] !== CLOUDFRONT_CERTIFICATE_REGION) {
    throw new Error(`${CONTEXT.certificateArn} must be a certificate in ${CLOUDFRONT_CERTIFICATE_REGION}, where CloudFront reads certificates, got one in ${arn[1]}: request or import the certificate in ${CLOUDFRONT_CERTIFICATE_REGION}`);
  }
  return { domainNames, certificateArn };
}
