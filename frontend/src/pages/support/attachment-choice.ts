import { isSupportedAttachment, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_TICKET } from '../../../../shared/api/schemas/support';

/** Spec 03 §5's text when any chosen file is too big or of a type support does not take. */
export const FILES_REFUSED_MESSAGE = 'Some files exceeded size limit or are not supported.';
export const TOO_MANY_FILES_MESSAGE = `At most ${MAX_ATTACHMENTS_PER_TICKET} attachments are allowed`;

/**
 * Adds the chosen files to those already attached, all or none (spec 03 §5: "none are added"),
 * with the server's own limits so the browser never uploads what §19 would refuse.
 */
export function addAttachments(current: File[], chosen: File[]): { files: File[]; error?: string } {
  const refused = chosen.some((file) => file.size > MAX_ATTACHMENT_BYTES || !isSupportedAttachment(file.name, file.type || 'application/octet-stream'));
  if (refused) return { files: current, error: FILES_REFUSED_MESSAGE };
  if (current.length + chosen.length > MAX_ATTACHMENTS_PER_TICKET) return { files: current, error: TOO_MANY_FILES_MESSAGE };
  return { files: [...current, ...chosen] };
}
