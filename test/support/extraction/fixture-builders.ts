/**
 * Small, valid files of every accepted kind, built in memory for the unit tests so that they do not
 * depend on a fixtures folder. Each builder writes just the parts its format requires.
 */
import { createHash } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import * as CFB from 'cfb';
import iconv from 'iconv-lite';
import JSZip from 'jszip';

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function encodeText(text: string, encoding: 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'utf-8-bom', withBom = true): Uint8Array {
  const codeUnits = [...text];
  switch (encoding) {
    case 'utf-8-bom':
      return concat([0xef, 0xbb, 0xbf], encoder.encode(text));
    case 'utf-16le':
    case 'utf-16be': {
      const body = Buffer.from(text, 'utf16le');
      if (encoding === 'utf-16be') body.swap16();
      const bom = encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff];
      return concat(withBom ? bom : [], body);
    }
    case 'utf-32le':
    case 'utf-32be': {
      const body = new Uint8Array(codeUnits.length * 4);
      const view = new DataView(body.buffer);
      codeUnits.forEach((char, index) => view.setUint32(index * 4, char.codePointAt(0)!, encoding === 'utf-32le'));
      const bom = encoding === 'utf-32le' ? [0xff, 0xfe, 0x00, 0x00] : [0x00, 0x00, 0xfe, 0xff];
      return concat(withBom ? bom : [], body);
    }
  }
}

export function legacyText(text: string, encoding: string): Uint8Array {
  return new Uint8Array(iconv.encode(text, encoding));
}

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((part) => Buffer.from(part as Uint8Array))));
}

/** A Windows program's first bytes: the "MZ" DOS header and the PE offset. */
export function windowsExecutable(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
  bytes.set([0x80], 0x3c);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

export async function plainZip(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(files)) zip.file(path, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

// ---------------------------------------------------------------------------------------------- PDF

export interface PdfOptions {
  /** Encrypt with RC4 (Standard security handler, revision 2) under these passwords. */
  encryption?: { userPassword: string; ownerPassword: string };
  title?: string;
}

/**
 * A PDF with one page per entry, each showing its lines in Helvetica. Offsets in the cross-reference
 * table are computed, so pdf.js reads it without falling back to its repair mode.
 */
export function minimalPdf(pages: string[][], options: PdfOptions = {}): Uint8Array {
  const fileId = createHash('md5').update(pages.flat().join('|')).digest();
  const security = options.encryption ? standardSecurity(options.encryption, fileId) : undefined;
  const objects: string[] = [];
  const fontId = 3;
  const firstPageId = 4;
  const pageIds = pages.map((_, index) => firstPageId + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((lines, index) => {
    const pageId = pageIds[index]!;
    const contentId = pageId + 1;
    const content = lines.length
      ? `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escapePdfString(line)}) Tj T*`).join(' ')} ET`
      : '';
    const stream = security ? security.encrypt(contentId, Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`;
  });
  let infoId: number | undefined;
  if (options.title) {
    infoId = objects.length;
    const title = security ? security.encrypt(infoId, Buffer.from(options.title, 'latin1')).toString('hex') : Buffer.from(options.title, 'latin1').toString('hex');
    objects[infoId] = `<< /Title <${title}> >>`;
  }
  let encryptId: number | undefined;
  if (security) {
    encryptId = objects.length;
    objects[encryptId] = security.dictionary;
  }

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const hexId = fileId.toString('hex');
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R${infoId ? ` /Info ${infoId} 0 R` : ''}${encryptId ? ` /Encrypt ${encryptId} 0 R` : ''} /ID [<${hexId}> <${hexId}>] >>\n`;
  body += `startxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
}

// RC4 by hand: OpenSSL 3 keeps it in the legacy provider, which Node does not load by default.
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const output = Buffer.alloc(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    output[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return output;
}

/**
 * ISO 32000-1 §7.6.3, algorithms 2, 3 and 4 (revision 2, 40-bit RC4). Permissions deny copying and
 * printing, as a "copy-protected" PDF does; with an empty user password anyone can still open it.
 */
function standardSecurity(passwords: { userPassword: string; ownerPassword: string }, fileId: Buffer) {
  const permissions = -64 & ~(4 | 16); // print and copy bits cleared
  const ownerKey = createHash('md5').update(padPassword(passwords.ownerPassword || passwords.userPassword)).digest().subarray(0, 5);
  const ownerEntry = rc4(ownerKey, padPassword(passwords.userPassword));
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const key = createHash('md5').update(Buffer.concat([padPassword(passwords.userPassword), ownerEntry, permissionBytes, fileId])).digest().subarray(0, 5);
  const userEntry = rc4(key, PASSWORD_PADDING);
  return {
    dictionary: `<< /Filter /Standard /V 1 /R 2 /O <${ownerEntry.toString('hex')}> /U <${userEntry.toString('hex')}> /P ${permissions} >>`,
    encrypt(objectId: number, data: Buffer): Buffer {
      const objectKey = createHash('md5')
        .update(Buffer.concat([key, Buffer.from([objectId & 0xff, (objectId >> 8) & 0xff, (objectId >> 16) & 0xff, 0, 0])]))
        .digest()
        .subarray(0, key.length + 5);
      return rc4(objectKey, data);
    },
  };
}

// --------------------------------------------------------------------------------------------- OOXML

const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOCUMENT_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function relationshipsXml(relationships: { id: string; type: string; target: string }[]): string {
  return `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS_NS}">${relationships
    .map((relationship) => `<Relationship Id="${relationship.id}" Type="${relationship.type}" Target="${relationship.target}"/>`)
    .join('')}</Relationships>`;
}

function docProps(zip: JSZip, properties: { title?: string; pages?: number; slides?: number }): void {
  zip.file(
    'docProps/core.xml',
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(properties.title ?? '')}</dc:title></cp:coreProperties>`,
  );
  zip.file(
    'docProps/app.xml',
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">${properties.pages ? `<Pages>${properties.pages}</Pages>` : ''}${properties.slides ? `<Slides>${properties.slides}</Slides>` : ''}</Properties>`,
  );
}

export type DocxBlock = { heading: string; level: 1 | 2 | 3 } | { paragraph: string } | { table: string[][] } | { title: string };

/** A Word document: headings use the built-in Heading styles (style ids Heading1…), as Word writes them. */
export async function minimalDocx(blocks: DocxBlock[], properties: { title?: string; pages?: number } = {}): Promise<Uint8Array> {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const paragraph = (text: string, style?: string) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${run(text)}</w:p>`;
  const body = blocks
    .map((block) => {
      if ('heading' in block) return paragraph(block.heading, `Heading${block.level}`);
      if ('title' in block) return paragraph(block.title, 'Title');
      if ('paragraph' in block) return paragraph(block.paragraph);
      return `<w:tbl>${block.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
    })
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
  );
  zip.file('_rels/.rels', relationshipsXml([{ id: 'rId1', type: OFFICE_DOCUMENT_REL, target: 'word/document.xml' }]));
  zip.file(
    'word/_rels/document.xml.rels',
    relationshipsXml([{ id: 'rId1', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles', target: 'styles.xml' }]),
  );
  const style = (id: string, name: string) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
  zip.file(
    'word/styles.xml',
    `${XML_HEAD}<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}${style('Heading3', 'heading 3')}</w:styles>`,
  );
  zip.file('word/document.xml', `${XML_HEAD}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  docProps(zip, properties);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

export function workbook(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'biff8'): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
}

export interface SlideSpec {
  title?: string;
  /** Body paragraphs, in a second placeholder. */
  body?: string[];
  /** Text boxes nested two groups deep. */
  grouped?: string[];
  table?: string[][];
  notes?: string;
}

/**
 * A PowerPoint package whose slide files are numbered against presentation order (slide1.xml is the
 * last slide), so that reading them in file order would be visibly wrong.
 */
export async function minimalPptx(slides: SlideSpec[], properties: { title?: string } = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  const ns =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const paragraphs = (lines: string[]) => lines.map((line) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${escapeXml(line)}</a:t></a:r></a:p>`).join('');
  const shape = (id: number, lines: string[], placeholder?: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${placeholder ? `<p:ph type="${placeholder}"/>` : ''}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs(lines)}</p:txBody></p:sp>`;
  const fileNumber = (index: number) => slides.length - index;
  const overrides: string[] = [];
  slides.forEach((slide, index) => {
    const path = `ppt/slides/slide${fileNumber(index)}.xml`;
    const parts: string[] = [];
    if (slide.title) parts.push(shape(2, [slide.title], 'title'));
    if (slide.body) parts.push(shape(3, slide.body, 'body'));
    if (slide.grouped) {
      parts.push(
        `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="4" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/><p:grpSp><p:nvGrpSpPr><p:cNvPr id="5" name="Inner"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${slide.grouped.map((line, offset) => shape(10 + offset, [line])).join('')}</p:grpSp></p:grpSp>`,
      );
    }
    if (slide.table) {
      const rows = slide.table.map((row) => `<a:tr h="370840">${row.map((cell) => `<a:tc><a:txBody><a:bodyPr/>${paragraphs([cell])}</a:txBody><a:tcPr/></a:tc>`).join('')}</a:tr>`).join('');
      parts.push(
        `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="6" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid/>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`,
      );
    }
    zip.file(path, `${XML_HEAD}<p:sld ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${parts.join('')}</p:spTree></p:cSld></p:sld>`);
    overrides.push(`<Override PartName="/${path}" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`);
    const slideRelationships: { id: string; type: string; target: string }[] = [];
    if (slide.notes) {
      const notesPath = `ppt/notesSlides/notesSlide${fileNumber(index)}.xml`;
      zip.file(
        notesPath,
        `${XML_HEAD}<p:notes ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, ['Slide image'], 'sldImg')}${shape(3, [slide.notes], 'body')}${shape(4, [String(index + 1)], 'sldNum')}</p:spTree></p:cSld></p:notes>`,
      );
      slideRelationships.push({ id: 'rId2', type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide', target: `../notesSlides/notesSlide${fileNumber(index)}.xml` });
    }
    zip.file(`ppt/slides/_rels/slide${fileNumber(index)}.xml.rels`, relationshipsXml(slideRelationships));
  });
  zip.file(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides.join('')}</Types>`,
  );
  zip.file('_rels/.rels', relationshipsXml([{ id: 'rId1', type: OFFICE_DOCUMENT_REL, target: 'ppt/presentation.xml' }]));
  zip.file(
    'ppt/presentation.xml',
    `${XML_HEAD}<p:presentation ${ns}><p:sldIdLst>${slides.map((_, index) => `<p:sldId id="${256 + index}" r:id="rId${100 + index}"/>`).join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
  );
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    relationshipsXml(slides.map((_, index) => ({ id: `rId${100 + index}`, type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide', target: `slides/slide${fileNumber(index)}.xml` }))),
  );
  docProps(zip, { ...properties, slides: slides.length });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

// ----------------------------------------------------------------------------------------------- OLE

function oleFile(streams: Record<string, Uint8Array>): Uint8Array {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content));
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

/** What Office writes for a password-protected docx/xlsx/pptx: an OLE file with the encrypted package. */
export function encryptedOoxml(): Uint8Array {
  return oleFile({ EncryptionInfo: new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]), EncryptedPackage: new Uint8Array(64).fill(0x5a) });
}

/** A legacy Word document (.doc) container: an OLE file, but not a workbook or a presentation. */
export function legacyWordContainer(): Uint8Array {
  return oleFile({ WordDocument: new Uint8Array(64) });
}

function pptRecord(type: number, body: Uint8Array | Uint8Array[], options: { instance?: number; container?: boolean } = {}): Uint8Array {
  const content = Array.isArray(body) ? concat(...body) : body;
  const header = Buffer.alloc(8);
  header.writeUInt16LE(((options.instance ?? 0) << 4) | (options.container ? 0xf : 0), 0);
  header.writeUInt16LE(type, 2);
  header.writeUInt32LE(content.length, 4);
  return concat(header, content);
}

function uint32s(...values: number[]): Uint8Array {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32LE(value >>> 0, index * 4));
  return new Uint8Array(buffer);
}

export interface PptSlideSpec {
  title: string;
  body: string;
  /** Text of a free text box, stored in the slide's own drawing as one-byte text. */
  textBox?: string;
}

/**
 * A PowerPoint 97–2003 file with just the records a reader needs ([MS-PPT]): per slide a
 * SlidePersistAtom and its placeholder text in the document's slide list, a SlideContainer holding a
 * text box in an OfficeArtClientTextbox, a persist directory, a UserEditAtom, and the Current User
 * stream pointing at it. A stale copy of the first slide's text is appended after the live records,
 * as an incremental save leaves it, and must not be read.
 */
export function minimalPpt(slides: PptSlideSpec[], options: { encrypted?: boolean; withoutCurrentUser?: boolean } = {}): Uint8Array {
  const textChars = (text: string) => pptRecord(0x0fa0, new Uint8Array(Buffer.from(text.replace(/\n/g, '\r'), 'utf16le')));
  const textBytes = (text: string) => pptRecord(0x0fa8, new Uint8Array(Buffer.from(text, 'latin1')));
  const textHeader = (textType: number) => pptRecord(0x0f9f, uint32s(textType));

  // Persist ids: 1 = document, 2.. = slides.
  const slideList = pptRecord(
    0x0ff0,
    slides.flatMap((slide, index) => [pptRecord(0x03f3, uint32s(2 + index, 0, 2, 256 + index, 0)), textHeader(0), textChars(slide.title), textHeader(1), textChars(slide.body)]),
    { container: true },
  );
  const documentContainer = pptRecord(0x03e8, [pptRecord(0x03e9, new Uint8Array(40)), slideList], { container: true });
  const slideContainers = slides.map((slide) =>
    pptRecord(
      0x03ee,
      [
        pptRecord(0x03ef, new Uint8Array(24)),
        pptRecord(
          0x040c,
          pptRecord(0xf002, slide.textBox ? pptRecord(0xf00d, [textHeader(4), textBytes(slide.textBox)], { container: true }) : new Uint8Array(0), { container: true }),
          { container: true },
        ),
      ],
      { container: true },
    ),
  );

  const parts: Uint8Array[] = [documentContainer, ...slideContainers];
  const offsets: number[] = [];
  let cursor = 0;
  for (const part of parts) {
    offsets.push(cursor);
    cursor += part.length;
  }
  const stale = pptRecord(0x03ee, pptRecord(0x040c, pptRecord(0xf002, pptRecord(0xf00d, textChars('STALE EARLIER SAVE'), { container: true }), { container: true }), { container: true }), { container: true });
  cursor += stale.length;
  const directoryOffset = cursor;
  const directory = pptRecord(0x1772, uint32s(1 | (parts.length << 20), ...offsets));
  const editOffset = directoryOffset + directory.length;
  const userEdit = pptRecord(0x0ff5, concat(uint32s(256), [0, 0, 0, 3], uint32s(0, directoryOffset, 1, parts.length + 1), [1, 0, 0, 0]));
  const documentStream = concat(...parts, stale, directory, userEdit);

  const currentUser = pptRecord(
    0x0ff6,
    concat(uint32s(0x14, options.encrypted ? 0xf3d1c4df : 0xe391c05f, editOffset), [4, 0, 0xf4, 0x03, 3, 0, 0, 0], Buffer.from('test', 'latin1'), uint32s(8)),
  );
  return oleFile(options.withoutCurrentUser ? { 'PowerPoint Document': documentStream } : { 'PowerPoint Document': documentStream, 'Current User': currentUser });
}
