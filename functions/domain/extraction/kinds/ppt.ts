import type { ExtractedDocument, ExtractedSection } from '../extracted-document';
import { assembleDocument } from '../document-assembly';
import { EXTRACTION_MESSAGES, ExtractionError } from '../extraction-error';
import { findOleStream, readOleContainer } from '../ole-container';

/*
 * A reader for the text of legacy PowerPoint 97–2003 (.ppt) files, written here because no
 * maintained JavaScript library reads them (SheetJS reads xls but not ppt; the npm "ppt" package,
 * an early SheetJS experiment, has not been maintained for years; Apache POI and LibreOffice are not
 * JavaScript and would mean a second runtime in the Lambda). It follows
 * [MS-PPT] (Microsoft's published binary format specification) only as far as text needs.
 *
 * A .ppt is an OLE compound file. Its "PowerPoint Document" stream is a sequence of records, each
 * with an 8-byte header: 2 bytes recVer (low 4 bits) and recInstance (high 12 bits), 2 bytes
 * recType, 4 bytes recLen, all little-endian. recVer 0xF marks a container whose body is more
 * records; any other record is an atom holding data.
 *
 * Saving appends instead of rewriting, so the stream holds stale copies of edited slides. The live
 * ones are found the way PowerPoint finds them: the "Current User" stream points at the newest
 * UserEditAtom; each UserEditAtom points at a PersistDirectoryAtom (persist id -> stream offset) and
 * at the previous edit. The newest mapping of each id wins. The DocumentContainer's slide list
 * (SlideListWithTextContainer, instance 0) holds, per slide in presentation order, a SlidePersistAtom
 * followed by the text of that slide's placeholders (title, body) as TextCharsAtom (UTF-16LE) or
 * TextBytesAtom (one byte per character, the low byte of UTF-16, i.e. ISO-8859-1) records. Text of
 * other shapes (text boxes, table cells) sits in the slide's own SlideContainer, inside
 * OfficeArtClientTextbox containers. When that chain is damaged the reader falls back to every
 * slide's text in stream order, without slide numbers.
 */

const RT = {
  Document: 0x03e8,
  Slide: 0x03ee,
  MainMaster: 0x03f8,
  SlidePersistAtom: 0x03f3,
  TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0,
  TextBytesAtom: 0x0fa8,
  SlideListWithText: 0x0ff0,
  UserEditAtom: 0x0ff5,
  CurrentUserAtom: 0x0ff6,
  PersistDirectoryAtom: 0x1772,
  CryptSession10Container: 0x2f14,
} as const;

const CONTAINER_VERSION = 0xf;
const HEADER_BYTES = 8;
const MAX_DEPTH = 64;
const MAX_EDITS = 10_000;
// TextHeaderAtom.textType values for a slide's title and a title slide's title.
const TITLE_TEXT_TYPES = new Set([0, 6]);
// The CurrentUserAtom's headerToken of an encrypted presentation ([MS-PPT] 2.3.2).
const ENCRYPTED_TOKEN = 0xf3d1c4df;

interface RecordHeader {
  version: number;
  instance: number;
  type: number;
  /** Offset of the record's body in the stream. */
  body: number;
  length: number;
}

export function extractPpt(bytes: Uint8Array): ExtractedDocument {
  const container = readOleContainer(bytes);
  const stream = container && findOleStream(container, 'PowerPoint Document');
  if (!container || !stream) throw new ExtractionError('malformed', EXTRACTION_MESSAGES.malformed);
  const currentUser = findOleStream(container, 'Current User');
  if (isEncrypted(stream, currentUser)) throw new ExtractionError('password_protected', EXTRACTION_MESSAGES.password_protected);

  const slides = liveSlides(stream, currentUser);
  if (slides) {
    return assembleDocument('ppt', slides, { slideCount: slides.length }, hasPictures(container) ? 'no_text' : 'empty');
  }
  const text = streamOrderText(stream);
  return assembleDocument('ppt', [{ text }], {}, hasPictures(container) ? 'no_text' : 'empty');
}

function readHeader(stream: Uint8Array, offset: number): RecordHeader | undefined {
  if (offset < 0 || offset + HEADER_BYTES > stream.length) return undefined;
  const view = new DataView(stream.buffer, stream.byteOffset + offset, HEADER_BYTES);
  const versionAndInstance = view.getUint16(0, true);
  const length = view.getUint32(4, true);
  const body = offset + HEADER_BYTES;
  if (body + length > stream.length) return undefined;
  return { version: versionAndInstance & 0xf, instance: versionAndInstance >>> 4, type: view.getUint16(2, true), body, length };
}

/** The records directly inside [start, end). A truncated record ends the list rather than the read. */
function* childRecords(stream: Uint8Array, start: number, end: number): Generator<RecordHeader> {
  let offset = start;
  while (offset + HEADER_BYTES <= end) {
    const header = readHeader(stream, offset);
    if (!header || header.body + header.length > end) return;
    yield header;
    offset = header.body + header.length;
  }
}

function uint32(stream: Uint8Array, offset: number): number {
  return new DataView(stream.buffer, stream.byteOffset + offset, 4).getUint32(0, true);
}

function atomText(stream: Uint8Array, header: RecordHeader): string {
  const body = stream.subarray(header.body, header.body + header.length);
  if (header.type === RT.TextCharsAtom) return new TextDecoder('utf-16le').decode(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
}

function isTextAtom(header: RecordHeader): boolean {
  return header.type === RT.TextCharsAtom || header.type === RT.TextBytesAtom;
}

function isEncrypted(stream: Uint8Array, currentUser: Uint8Array | undefined): boolean {
  if (currentUser && currentUser.length >= 16) {
    const header = readHeader(currentUser, 0);
    if (header?.type === RT.CurrentUserAtom && uint32(currentUser, 12) === ENCRYPTED_TOKEN) return true;
  }
  for (const header of childRecords(stream, 0, stream.length)) {
    if (header.type === RT.CryptSession10Container) return true;
  }
  return false;
}

/** Persist id -> stream offset, newest edit first, or undefined when the edit chain is unusable. */
function persistDirectory(stream: Uint8Array, currentUser: Uint8Array): { offsets: Map<number, number>; documentId: number } | undefined {
  const userHeader = readHeader(currentUser, 0);
  if (userHeader?.type !== RT.CurrentUserAtom || currentUser.length < 20) return undefined;
  let editOffset = uint32(currentUser, 16);
  const offsets = new Map<number, number>();
  const visited = new Set<number>();
  let documentId: number | undefined;
  while (editOffset > 0 && !visited.has(editOffset) && visited.size < MAX_EDITS) {
    visited.add(editOffset);
    const edit = readHeader(stream, editOffset);
    if (edit?.type !== RT.UserEditAtom || edit.length < 28) return undefined;
    // UserEditAtom: lastSlideIdRef(4) version(2) minor(1) major(1) offsetLastEdit(4) offsetPersistDirectory(4) docPersistIdRef(4)
    const previousEdit = uint32(stream, edit.body + 8);
    const directoryOffset = uint32(stream, edit.body + 12);
    documentId ??= uint32(stream, edit.body + 16);
    const directory = readHeader(stream, directoryOffset);
    if (directory?.type !== RT.PersistDirectoryAtom) return undefined;
    // Entries: a 4-byte word with persistId (low 20 bits) and cPersist (high 12 bits), then cPersist offsets.
    let cursor = directory.body;
    const end = directory.body + directory.length;
    while (cursor + 4 <= end) {
      const word = uint32(stream, cursor);
      const firstId = word & 0xfffff;
      const count = word >>> 20;
      cursor += 4;
      for (let index = 0; index < count && cursor + 4 <= end; index += 1, cursor += 4) {
        if (!offsets.has(firstId + index)) offsets.set(firstId + index, uint32(stream, cursor));
      }
    }
    editOffset = previousEdit;
  }
  return documentId === undefined ? undefined : { offsets, documentId };
}

function liveSlides(stream: Uint8Array, currentUser: Uint8Array | undefined): ExtractedSection[] | undefined {
  if (!currentUser) return undefined;
  const directory = persistDirectory(stream, currentUser);
  const documentOffset = directory?.offsets.get(directory.documentId);
  const document = documentOffset === undefined ? undefined : readHeader(stream, documentOffset);
  if (!directory || document?.type !== RT.Document) return undefined;

  const slideList = [...childRecords(stream, document.body, document.body + document.length)].find(
    (header) => header.type === RT.SlideListWithText && header.instance === 0,
  );
  if (!slideList) return [];

  const slides: SlideText[] = [];
  const state = { textType: -1 };
  for (const header of childRecords(stream, slideList.body, slideList.body + slideList.length)) {
    if (header.type === RT.SlidePersistAtom && header.length >= 4) slides.push({ persistId: uint32(stream, header.body), lines: [] });
    else if (slides.length) takeText(stream, header, slides[slides.length - 1]!, state);
  }

  return slides.map((slide, index) => {
    const offset = directory.offsets.get(slide.persistId);
    const container = offset === undefined ? undefined : readHeader(stream, offset);
    if (container?.type === RT.Slide) collectText(stream, container, slide, { textType: -1 }, 0);
    return { text: slide.lines.join('\n'), slide: index + 1, ...(slide.title ? { headings: [slide.title] } : {}) };
  });
}

interface SlideText {
  persistId: number;
  lines: string[];
  title?: string;
}

/**
 * A TextHeaderAtom says what the text atom after it is (title, body, notes, other); the first
 * title text is the slide's heading. A lone "*" is the placeholder character of a slide-number or
 * date field, not text.
 */
function takeText(stream: Uint8Array, header: RecordHeader, slide: SlideText, state: { textType: number }): void {
  if (header.type === RT.TextHeaderAtom && header.length >= 4) {
    state.textType = uint32(stream, header.body);
    return;
  }
  if (!isTextAtom(header)) return;
  const text = atomText(stream, header);
  if (text === '*') return;
  slide.lines.push(text);
  if (TITLE_TEXT_TYPES.has(state.textType) && slide.title === undefined && text.trim()) slide.title = text.replace(/[\r\v]+/g, ' ').trim();
}

function collectText(stream: Uint8Array, container: RecordHeader, slide: SlideText, state: { textType: number }, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const header of childRecords(stream, container.body, container.body + container.length)) {
    if (header.version === CONTAINER_VERSION) collectText(stream, header, slide, state, depth + 1);
    else takeText(stream, header, slide, state);
  }
}

/** The fallback: slide lists and slides in stream order, skipping masters (their text is prompts). */
function streamOrderText(stream: Uint8Array): string {
  const lines: string[] = [];
  const walk = (start: number, end: number, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const header of childRecords(stream, start, end)) {
      if (header.type === RT.MainMaster || (header.type === RT.SlideListWithText && header.instance !== 0)) continue;
      if (isTextAtom(header)) {
        const text = atomText(stream, header);
        if (text !== '*') lines.push(text);
      } else if (header.version === CONTAINER_VERSION) walk(header.body, header.body + header.length, depth + 1);
    }
  };
  walk(0, stream.length, 0);
  return lines.join('\n');
}

function hasPictures(container: NonNullable<ReturnType<typeof readOleContainer>>): boolean {
  const pictures = findOleStream(container, 'Pictures');
  return Boolean(pictures && pictures.length > 0);
}
