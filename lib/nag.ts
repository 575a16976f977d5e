import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on a construct and everything below it, with one reason. cdk-nag 3
 * matches exact finding ids (e.g. `AwsSolutions-IAM5[Action::s3:List*]`); nothing is acknowledged
 * by prefix, so a wildcard finding must be named precisely.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/**
 * The id of an IAM5 wildcard-resource finding, rendered the way cdk-nag renders it (`Ref` → `<X>`,
 * `Fn::GetAtt` → `<X.Attr>`, joins flattened), so acknowledgements follow the resolved template
 * whatever the environment (known region, partition literals) makes of the ARN.
 */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flatten(Stack.of(scope).resolve(resource))}]`;
}

function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const value = node as Record<string, unknown>;
    if (Array.isArray(value['Fn::Join'])) {
      const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if ('Fn::Sub' in value) return flatten(value['Fn::Sub']);
    if (Array.isArray(value['Fn::GetAtt'])) {
      const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if ('Ref' in value) return `<${flatten(value.Ref)}>`;
  }
  return JSON.stringify(node);
}

/** CDK-provided singleton constructs (handlers of custom resources) at the stack's top level. */
export function stackSingletons(scope: IConstruct, idPrefix: string): IConstruct[] {
  return Stack.of(scope).node.children.filter((child) => child.node.id.startsWith(idPrefix));
}

/**
 * Acknowledges every wildcard finding in the policies under a CDK-provided singleton handler (S3
 * notifications, bucket deployment). Their policies are written by aws-cdk-lib, not here, and their
 * resource names depend on the environment (e.g. the bootstrap asset bucket); each finding is still
 * acknowledged by its exact id. Call after the construct that grants to the handler is built.
 */
export function acknowledgeProvidedHandlerWildcards(handler: IConstruct, reason: string): void {
  const ids = new Set<string>();
  for (const policy of handler.node.findAll().filter((node): node is iam.CfnPolicy => node instanceof iam.CfnPolicy)) {
    const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: PolicyStatementJson[] };
    for (const statement of document.Statement ?? []) {
      if (statement.Effect !== 'Allow') continue;
      for (const action of asArray(statement.Action)) if (String(action).includes('*')) ids.add(`AwsSolutions-IAM5[Action::${action}]`);
      for (const resource of asArray(statement.Resource)) {
        const flat = flatten(resource);
        if (flat.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${flat}]`);
      }
    }
  }
  acknowledge(handler, reason, ...ids);
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: unknown;
  Resource?: unknown;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
