import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../functions/platform/environment';
import { FAMILIES, type Family } from '../../shared/api/route-table';
import type { Json } from '../../test/support/json';
import type { Capability } from '../compute/capabilities';
import { pascalCase } from '../naming';
import { synthGroundwork } from '../testing/synth';
import { capabilitiesOf } from './family-capabilities';

let template: Template;
let stripeTemplate: Template;
beforeAll(() => {
  ({ template } = synthGroundwork());
  ({ template: stripeTemplate } = synthGroundwork({ context: { 'groundwork:stripe': 'true', 'groundwork:stripeSecretName': 'staging/stripe' } }));
});

type Statement = { Action: string | string[]; Resource: Json };

function functionOf(source: Template, family: Family): [string, Json] {
  const entry = Object.entries(source.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(`Api${pascalCase(family)}Function`));
  if (entry === undefined) throw new Error(`no function for ${family}`);
  return entry as [string, Json];
}

function statementsOf(source: Template, family: Family): Statement[] {
  const role = functionOf(source, family)[1].Properties.Role['Fn::GetAtt'][0] as string;
  return Object.values(source.findResources('AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const queueId = (source: Template, name: 'Indexing' | 'ChatEvents') =>
  Object.keys(source.findResources('AWS::SQS::Queue')).find((id) => id.startsWith(`Queues${name}`) && !id.includes('DeadLetter'))!;

/** The actions that tell each data-plane capability apart in a role's policy. */
function observed(source: Template, family: Family): Capability[] {
  const statements = statementsOf(source, family);
  const allows = (action: string, resource?: string) =>
    statements.some((statement) => [statement.Action].flat().includes(action) && (resource === undefined || JSON.stringify(statement.Resource).includes(resource)));
  const seen: Array<[Capability, boolean]> = [
    ['table-read', allows('dynamodb:Query')],
    ['table-write', allows('dynamodb:PutItem')],
    ['objects-read', allows('s3:GetObject*')],
    ['objects-write', allows('s3:PutObject')],
    ['indexing-queue', allows('sqs:SendMessage', queueId(source, 'Indexing'))],
    ['chat-events', allows('sqs:SendMessage', queueId(source, 'ChatEvents'))],
    ['user-administration', allows('cognito-idp:Admin*')],
    ['model-invocation', allows('bedrock:InvokeModel')],
    ['mail', allows('ses:SendEmail')],
    ['vector-index', allows('s3vectors:QueryVectors')],
    ['secrets', allows('kms:Encrypt')],
    ['storage-inspection', allows('s3:GetEncryptionConfiguration')],
    ['health-probes', allows('cognito-idp:DescribeUserPool') && allows('s3:ListBucket')],
    ['stripe', allows('secretsmanager:GetSecretValue')],
  ];
  return seen.filter(([, yes]) => yes).map(([capability]) => capability);
}

describe('least privilege per family, derived from its capabilities', () => {
  it.each(FAMILIES.map((family) => [family]))('%s gets exactly the grants of its capabilities', (family) => {
    // 'user-administration' implies DescribeUserPool, which health-probes also checks; payments are off here.
    const expected = capabilitiesOf(family).filter((capability) => capability !== 'stripe');
    expect(observed(template, family).sort()).toEqual([...expected].sort());
  });

  it('gives no family the whole data plane any more: objects and the indexing queue only where a route needs them', () => {
    const withObjects = FAMILIES.filter((family) => observed(template, family).includes('objects-write'));
    expect(withObjects.sort()).toEqual(['data-sources', 'drive', 'organizations', 'support']);
    for (const family of ['groups', 'usage', 'dashboard', 'billing', 'chat', 'meta'] as const) {
      expect(observed(template, family)).not.toContain('indexing-queue');
    }
  });
});

describe('the Stripe keys (groundwork:stripe)', () => {
  it('are read from the named secret at cold start by meta and billing only, which may read that secret and no other', () => {
    for (const family of FAMILIES) {
      const variables = functionOf(stripeTemplate, family)[1].Properties.Environment.Variables as Record<string, unknown>;
      const reads = statementsOf(stripeTemplate, family).filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
      expect(variables[ENV.stripeSecretKey]).toBeUndefined();
      expect(variables[ENV.stripeWebhookSecret]).toBeUndefined();
      expect(variables[ENV.stripePublishableKey]).toBeUndefined();
      if (capabilitiesOf(family).includes('stripe')) {
        expect(variables[ENV.stripeSecretName]).toBe('staging/stripe');
        expect(reads).toHaveLength(1);
        expect(reads[0]!.Action).toBe('secretsmanager:GetSecretValue');
        expect(JSON.stringify(reads[0]!.Resource)).toContain(':secret:staging/stripe-??????');
      } else {
        expect(variables[ENV.stripeSecretName]).toBeUndefined();
        expect(reads).toEqual([]);
      }
    }
  });

  it('never resolve into the template or the functions environment', () => {
    expect(JSON.stringify(stripeTemplate.toJSON())).not.toMatch(/resolve:secretsmanager:[^"]*stripe/);
  });
});
