import { userIdParamsSchema } from '../../../shared/api/schemas/common';
import { saveStorageCredentialsRequestSchema, testStorageCredentialsRequestSchema } from '../../../shared/api/schemas/storage-credentials';
import { urlProblem } from '../../domain/outbound/url-guard';
import { STORAGE_CREDENTIALS_MESSAGES } from '../../domain/storage-credentials/storage-credentials-messages';
import { StorageCredentialsRepository } from '../../domain/storage-credentials/storage-credentials-repository';
import { saveStorageCredentials, testStorageCredentials, toStorageCredentials } from '../../domain/storage-credentials/storage-credentials-service';
import { implement, requireCaller } from '../../http/api-types';
import { getPorts } from '../../contracts/ports/ports';
import { credentialOwner } from './credential-access';

const params = userIdParamsSchema;

/** §11.1. */
export const getCredentials = implement({
  params,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const userId = await credentialOwner(ports, caller, request.params.userId);
    const record = await new StorageCredentialsRepository(ports.database).get(caller.organization.id, userId);
    return { status: 200, body: toStorageCredentials(record) };
  },
});

/** §11.2: saved without testing them. */
export const putCredentials = implement({
  params,
  // The owner and the stored credentials come first: the body is judged against them.
  body: () => saveStorageCredentialsRequestSchema(),
  deferBody: true,
  async handle(request) {
    const caller = requireCaller(request);
    const ports = getPorts();
    const userId = await credentialOwner(ports, caller, request.params.userId);
    const repository = new StorageCredentialsRepository(ports.database);
    const stored = await repository.get(caller.organization.id, userId);
    const input = await request.validBody(saveStorageCredentialsRequestSchema({ stored, urlProblem: (value) => urlProblem(value) }));
    const saved = await saveStorageCredentials(ports.database, caller.organization.id, userId, input, stored);
    return { status: 200, body: toStorageCredentials(saved) };
  },
});

/** §11.3: always the caller's own stored secret behind a masked value. */
export const testCredentials = implement({
  body: testStorageCredentialsRequestSchema,
  async handle(request) {
    const caller = requireCaller(request);
    await testStorageCredentials(getPorts().database, caller.organization.id, caller.user.id, request.body);
    return { status: 200, body: { success: true, message: STORAGE_CREDENTIALS_MESSAGES.testSucceeded } };
  },
});
