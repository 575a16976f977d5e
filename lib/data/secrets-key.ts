import { RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * The customer-managed key that encrypts third-party secrets the product stores (storage
 * credentials, Slack tokens, application API tokens): functions/adapters/aws/kms-secrets.ts. Kept when
 * the stack is deleted, because the table still holds what it encrypted.
 */
export class SecretsKey extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: 'Groundwork: encrypts stored third-party secrets',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** Exactly the calls the secrets port makes: Encrypt and Decrypt (no data keys, no re-encryption). */
  static grant(fn: lambda.IFunction, key: kms.IKey, mode: 'encrypt-decrypt' | 'decrypt'): void {
    const actions = mode === 'decrypt' ? ['kms:Decrypt'] : ['kms:Encrypt', 'kms:Decrypt'];
    fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [key.keyArn] }));
  }
}
