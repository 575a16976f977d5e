/**
 * SciFact (../shared/eval/scifact) as people would upload it, shared by bench:retrieval and
 * bench:answers: every abstract one Markdown file, `<doc id>.md`, `# <title>`, a blank line, the
 * abstract, so the title is the heading of every chunk the index searches.
 */
import { resolve } from 'node:path';

export const SCIFACT = resolve(import.meta.dirname, '../../shared/eval/scifact');

export interface SciFactDocument {
  _id: string;
  title: string;
  text: string;
}

export const SCIFACT_FILE_FORMAT = 'one Markdown file per document: "# <title>", a blank line, the abstract; named <doc id>.md';

/** The file a SciFact document is uploaded as. */
export function sciFactFile(document: SciFactDocument): { name: string; bytes: Uint8Array<ArrayBuffer>; mimeType: string } {
  return { name: `${document._id}.md`, bytes: new TextEncoder().encode(`# ${document.title}\n\n${document.text}\n`), mimeType: 'text/markdown' };
}
