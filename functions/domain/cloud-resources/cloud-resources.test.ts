import { describe, expect, it } from 'vitest';
import { checkStatus, type CheckedResource } from './resource-check';
import { seededPlan } from '../../../shared/rules/plans';
import { storageQuota } from './storage-quota';
import { namespaceResources } from '../../contracts/keys/storage-namespace';

const resource = (name: string, exists: boolean): CheckedResource => ({ name, kind: 'bucket', exists, encrypted: exists, versioning: false });

describe('storage namespaces', () => {
  it('names the data namespace first, then the audit one, each with its marker', () => {
    expect(namespaceResources('groundwork-data', 'org_1')).toEqual([
      { kind: 'data', name: 'groundwork-data/org/org_1/', prefix: 'org/org_1/', markerKey: 'org/org_1/.groundwork-namespace' },
      { kind: 'audit', name: 'groundwork-data/audit/org_1/', prefix: 'audit/org_1/', markerKey: 'audit/org_1/.groundwork-namespace' },
    ]);
  });

  it('keeps markers out of the upload keys the ingest worker acts on', () => {
    for (const { markerKey } of namespaceResources('b', 'org_1')) expect(markerKey).not.toMatch(/^org\/[^/]+\/files\//);
  });
});

describe('the live check summary (§6.11)', () => {
  it('is ready when both namespaces exist', () => {
    expect(checkStatus([resource('a', true), resource('b', true)], [], undefined)).toEqual({ status: 'ready' });
  });

  it('is missing, naming what is missing, unless a provisioning run is under way', () => {
    expect(checkStatus([resource('a', true), resource('b', false)], [], undefined)).toEqual({ status: 'missing', error: 'Missing: b' });
    const recorded = { provider: 'aws', region: 'r', bucketName: 'a', auditBucketName: 'b', status: 'provisioning', createdAt: 'now' } as const;
    expect(checkStatus([resource('a', false), resource('b', false)], [], recorded)).toEqual({ status: 'provisioning', error: 'Missing: a, b' });
  });

  it('is failed when storage refused a check', () => {
    expect(checkStatus([resource('a', false), resource('b', true)], ['Could not check a: AccessDenied (HTTP 403)'], undefined)).toEqual({
      status: 'failed',
      error: 'Could not check a: AccessDenied (HTTP 403)',
    });
  });
});

describe('storage quota (§6.10)', () => {
  it('measures counters against the plan in force', () => {
    expect(storageQuota('bkt', { id: 'org_1' }, seededPlan('starter'), { storageBytes: 268_435_456, objectCount: 3 }).limitBytes).toBe(10 * 1024 ** 3);
    expect(storageQuota('bkt', { id: 'org_1' }, seededPlan('free'), { storageBytes: 268_435_456, objectCount: 3 })).toEqual({
      bucketName: 'bkt/org/org_1/',
      usedBytes: 268_435_456,
      limitBytes: 1024 ** 3,
      objectCount: 3,
      percentUsed: 25,
    });
  });

  it('has no limit for the system organization', () => {
    expect(storageQuota('bkt', { id: 'org_s' }, null, { storageBytes: 10, objectCount: 1 })).toMatchObject({ limitBytes: null, percentUsed: null });
  });
});
