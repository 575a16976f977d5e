import { describe, expect, it } from 'vitest';
import { classifyStorageError, storageErrorReason } from './storage-errors';

const answered = (name: string, httpStatusCode: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe('object-storage failures', () => {
  it('tells a missing object, a refusal, a missing feature and an outage apart', () => {
    expect(classifyStorageError(answered('NotFound', 404))).toBe('not-found');
    expect(classifyStorageError(answered('NoSuchKey', 404))).toBe('not-found');
    expect(classifyStorageError(answered('AccessDenied', 403))).toBe('denied');
    expect(classifyStorageError(answered('NotImplemented', 501))).toBe('unsupported');
    expect(classifyStorageError(answered('InternalError', 500))).toBe('unreachable');
    expect(classifyStorageError(Object.assign(new Error('connect ECONNREFUSED'), { $metadata: { attempts: 3 } }))).toBe('unreachable');
    expect(classifyStorageError(answered('InvalidRequest', 400))).toBe('rejected');
  });

  it('reduces a failure to its S3 error name and status', () => {
    expect(storageErrorReason(answered('AccessDenied', 403))).toBe('AccessDenied (HTTP 403)');
    expect(storageErrorReason(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBe('Error');
  });
});
