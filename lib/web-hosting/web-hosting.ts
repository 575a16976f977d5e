import { Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Requests under this pattern go to the HTTP API; everything else is the web client. */
export const API_PATH_PATTERN = '/api/*';

/**
 * Client-side routes have no file extension; they get index.html so deep links load the app.
 * This replaces CloudFront error responses (403/404 → /index.html), which apply to the whole
 * distribution and would turn the API's own 403 and 404 answers into a 200 HTML page.
 */
const SPA_ROUTING_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface WebHostingProps {
  readonly logBucket: s3.IBucket;
}

/**
 * The web client's origin: a private bucket behind CloudFront (Origin Access Control). The API is
 * routed through the same distribution (`/api/*`), so the browser talks to a single origin.
 */
export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'web-bucket/',
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_CODE),
      comment: 'Serve index.html for client-side routes',
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Groundwork web client and API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    acknowledge(
      this.distribution,
      'The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; a custom domain with its own certificate would set TLSv1.2_2021.',
      'AwsSolutions-CFR4',
    );
    acknowledge(this.distribution, 'The product serves organizations worldwide; no country is excluded.', 'AwsSolutions-CFR1');
    acknowledge(
      this.distribution,
      'No WAF by default: a web ACL is a fixed monthly cost; the API rate-limits per user and IP (contract §1.8).',
      'AwsSolutions-CFR2',
    );
  }

  /** The distribution's own https origin. */
  get origin(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Routes `/api/*` to the HTTP API. Called after the API exists: the API's functions need the web
   * origin, which is the distribution's domain, so the distribution is created first.
   */
  routeApi(httpApi: apigw.IHttpApi): void {
    const stack = Stack.of(this);
    const apiDomain = `${httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.distribution.addBehavior(
      API_PATH_PATTERN,
      new origins.HttpOrigin(apiDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      {
        // A redirect would drop a POST body; plain HTTP is refused instead.
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        // Every header but Host: the gateway must see its own host name, and the functions need
        // Authorization, Origin and the API-key headers.
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
    );
  }
}
