import { createDeflateRaw } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract-document';
import { minimalDocx } from '../../../test/support/extraction/fixture-builders';
import { openPackage, resolvePartPath } from './ooxml-package';

const MiB = 1024 * 1024;

/** Deflates `size` bytes of spaces without holding them: a bomb's ratio is about 1000 to 1. */
async function deflatedSpaces(prefix: string, size: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 1 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  deflater.write(prefix);
  const block = Buffer.alloc(MiB, 0x20);
  for (let written = 0; written < size; written += MiB) {
    if (!deflater.write(block)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await finished;
  return Buffer.concat(output);
}

interface LyingEntry {
  name: string;
  deflated: Buffer;
  /** What the headers claim the entry inflates to. */
  declaredSize: number;
}

/** A zip of deflated entries whose local and central headers understate their inflated size (CRCs left zero). */
function lyingZip(entries: LyingEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An Office package (enough of one for type sniffing) whose main part is the lying one. */
async function lyingOfficePackage(mainPart: string, contentType: string, opening: string, mainBytes: number): Promise<Uint8Array> {
  const small = async (name: string, xml: string): Promise<LyingEntry> => {
    const deflated = await deflatedSpaces(xml, 0);
    return { name, deflated, declaredSize: xml.length };
  };
  return lyingZip([
    await small(
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${mainPart}" ContentType="${contentType}"/></Types>`,
    ),
    await small(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${mainPart}"/></Relationships>`,
    ),
    { name: mainPart, deflated: await deflatedSpaces(opening, mainBytes), declaredSize: 1000 },
  ]);
}

/** Rewrites every central-directory entry to declare `size` uncompressed bytes, as a zip bomb does. */
function declareUncompressedSize(zip: Uint8Array, size: number): Uint8Array {
  const patched = new Uint8Array(zip);
  const view = new DataView(patched.buffer);
  for (let offset = 0; offset + 46 <= patched.length; offset += 1) {
    if (view.getUint32(offset, true) === 0x02014b50) view.setUint32(offset + 24, size, true);
  }
  return patched;
}

describe('OOXML packages', () => {
  it('refuses a package whose entries declare more than the limit before inflating anything', async () => {
    const bomb = declareUncompressedSize(await minimalDocx([{ paragraph: 'tiny' }]), 0x7fffffff);
    await expect(extractDocument({ bytes: bomb, fileName: 'bomb.docx', mimeType: '' })).rejects.toMatchObject({
      failure: 'too_large',
      message: 'File is too large or complex to process',
    });
  });

  it('refuses an entry that inflates past the part cap although its headers declare 1 KB', async () => {
    const bomb = lyingZip([{ name: 'word/document.xml', deflated: await deflatedSpaces('', 8 * MiB), declaredSize: 1024 }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(openPackage(bomb, { part: MiB, total: 4 * MiB })).rejects.toMatchObject({ failure: 'too_large' });
  });

  it('refuses entries that each stay under the part cap but together inflate past the total cap', async () => {
    const entries = await Promise.all([1, 2, 3, 4, 5].map(async (n) => ({ name: `xl/worksheets/sheet${n}.xml`, deflated: await deflatedSpaces('', MiB - 4096), declaredSize: 10 })));
    await expect(openPackage(lyingZip(entries), { part: MiB, total: 4 * MiB })).rejects.toMatchObject({ failure: 'too_large' });
    await expect(openPackage(lyingZip(entries.slice(0, 3)), { part: MiB, total: 4 * MiB })).resolves.toBeDefined();
  });

  it('fails a docx whose central directory lies about a 300 MB part with the too-large reason, without inflating it', async () => {
    const bomb = await lyingOfficePackage(
      'word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      300 * MiB,
    );
    expect(bomb.length).toBeLessThan(2 * MiB);
    await expect(extractDocument({ bytes: bomb, fileName: 'report.docx', mimeType: '' })).rejects.toMatchObject({
      failure: 'too_large',
      message: 'File is too large or complex to process',
    });
  });

  it('fails a lying xlsx the same way before SheetJS inflates it', async () => {
    const bomb = await lyingOfficePackage('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', '<?xml version="1.0"?><workbook>', 300 * MiB);
    await expect(extractDocument({ bytes: bomb, fileName: 'book.xlsx', mimeType: '' })).rejects.toMatchObject({ failure: 'too_large' });
  });

  it('still reads an honest package', async () => {
    const document = await extractDocument({ bytes: await minimalDocx([{ paragraph: 'tiny but real' }]), fileName: 'ok.docx', mimeType: '' });
    expect(document.text).toContain('tiny but real');
  });

  it('resolves relationship targets against the source part', () => {
    expect(resolvePartPath('ppt/slides/', '../notesSlides/notesSlide1.xml')).toBe('ppt/notesSlides/notesSlide1.xml');
    expect(resolvePartPath('ppt/', 'slides/slide2.xml')).toBe('ppt/slides/slide2.xml');
    expect(resolvePartPath('word/', '/word/media/image1.png')).toBe('word/media/image1.png');
  });
});
