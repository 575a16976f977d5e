import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/platform/environment';
import { synthGroundwork } from '../testing/synth';

let template: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
});

type Fn = { Properties: { Description?: string; Role: { 'Fn::GetAtt': [string] }; Environment?: { Variables?: Record<string, unknown> } } };
type Policy = { Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> }; Roles: Array<{ Ref: string }> } };

function describedFunctionsAllowed(action: string): string[] {
  const roles = new Set(
    (Object.values(template.findResources('AWS::IAM::Policy')) as Policy[])
      .filter((policy) => policy.Properties.PolicyDocument.Statement.some((statement) => ([] as string[]).concat(statement.Action).includes(action)))
      .flatMap((policy) => policy.Properties.Roles.map((role) => role.Ref)),
  );
  return (Object.values(template.findResources('AWS::Lambda::Function')) as Fn[])
    .filter((fn) => roles.has(fn.Properties.Role['Fn::GetAtt'][0]))
    .map((fn) => fn.Properties.Description ?? '')
    .sort();
}

describe('secrets key (KMS)', () => {
  it('is one rotating, retained customer-managed key whose id every function knows', () => {
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', { Properties: { EnableKeyRotation: true }, DeletionPolicy: 'Retain' });
    const [keyId] = Object.keys(template.findResources('AWS::KMS::Key'));
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function')) as Fn[]) {
      if (fn.Properties.Description?.startsWith('Groundwork')) expect(fn.Properties.Environment?.Variables?.[ENV.secretsKeyId]).toEqual({ Ref: keyId });
    }
  });

  it('lets only the families that store third-party secrets encrypt, and the ingest worker decrypt', () => {
    expect(describedFunctionsAllowed('kms:Encrypt')).toEqual(
      ['api-sources', 'chat', 'data-sources', 'drive', 'integrations', 'rag', 'storage-credentials'].map((family) => `Groundwork API: ${family} routes`).sort(),
    );
    expect(describedFunctionsAllowed('kms:Decrypt')).toContain('Groundwork worker: ingest, crawl, index, purge');
  });
});
