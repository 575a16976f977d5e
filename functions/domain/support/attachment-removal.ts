import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { ObjectsPort } from '../../contracts/ports/objects';
import type { AttachmentRecord } from './ticket-record';
import type { TicketStore } from './ticket-store';

/**
 * Deletes an attachment no ticket uses, record first: an object without a record is unreachable,
 * while a record without its object would read "not uploaded" forever. Answers false, deleting
 * nothing, when a ticket took it meanwhile.
 */
export async function removeUnusedAttachment(store: TicketStore, objects: ObjectsPort, attachment: Pick<AttachmentRecord, 'organization_id' | 'id' | 'object_key'>): Promise<boolean> {
  if (!(await store.deleteUnusedAttachment(attachment))) return false;
  await objects.client.send(new DeleteObjectCommand({ Bucket: objects.bucket, Key: attachment.object_key }));
  return true;
}
