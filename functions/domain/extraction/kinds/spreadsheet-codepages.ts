import { legacyDecoder, type LegacyDecoder } from '../text-decoding';

/**
 * Windows code page numbers (as Excel 95 and older, and dBASE files, record them) and the WHATWG
 * encodings that read them. Code pages outside this list, chiefly the DOS ones (437, 850, ...), have
 * no decoder in the runtime and are read as windows-1252, which agrees with them on ASCII.
 */
const CODE_PAGE_LABELS: Record<number, string> = {
  866: 'ibm866',
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  1200: 'utf-16le',
  1201: 'utf-16be',
  1250: 'windows-1250',
  1251: 'windows-1251',
  1252: 'windows-1252',
  1253: 'windows-1253',
  1254: 'windows-1254',
  1255: 'windows-1255',
  1256: 'windows-1256',
  1257: 'windows-1257',
  1258: 'windows-1258',
  10000: 'macintosh',
  10007: 'x-mac-cyrillic',
  20127: 'us-ascii',
  20866: 'koi8-r',
  21866: 'koi8-u',
  28591: 'iso-8859-1',
  28592: 'iso-8859-2',
  28593: 'iso-8859-3',
  28594: 'iso-8859-4',
  28595: 'iso-8859-5',
  28596: 'iso-8859-6',
  28597: 'iso-8859-7',
  28598: 'iso-8859-8',
  28599: 'iso-8859-9',
  28603: 'iso-8859-13',
  28605: 'iso-8859-15',
  54936: 'gb18030',
  65001: 'utf-8',
};

const decoders = new Map<number, LegacyDecoder>();

function decoderFor(codePage: number): LegacyDecoder {
  let decoder = decoders.get(codePage);
  if (!decoder) {
    decoder = legacyDecoder(CODE_PAGE_LABELS[codePage] ?? 'windows-1252') ?? legacyDecoder('windows-1252')!;
    decoders.set(codePage, decoder);
  }
  return decoder;
}

/** SheetJS hands over Buffers, byte arrays, and now and then a "binary" string of one byte per character. */
function bytesOf(data: Uint8Array | ArrayLike<number> | string): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'string') return Uint8Array.from(data, (char) => char.charCodeAt(0) & 0xff);
  return Uint8Array.from(data);
}

/**
 * The code page interface SheetJS reads legacy text through (`XLSX.set_cptable`), answered by the
 * runtime's TextDecoder instead of SheetJS's own tables: those zip to about 150 kB of the indexing
 * Lambda, which must stay within its 1.5 MB budget, while the runtime already carries every
 * encoding Excel used. Encoding is only needed to write workbooks, which Groundwork never does.
 */
export const SPREADSHEET_CODE_PAGES = {
  utils: {
    decode(codePage: number, data: Uint8Array | ArrayLike<number> | string): string {
      return decoderFor(codePage).decode(bytesOf(data));
    },
    encode(codePage: number): never {
      throw new Error(`Writing text in code page ${codePage} is not supported: Groundwork only reads workbooks`);
    },
  },
};
