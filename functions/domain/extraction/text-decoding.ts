import chardet from 'chardet';

export interface DecodedText {
  text: string;
  /** The encoding the bytes were read as, in WHATWG/IANA spelling. */
  encoding: string;
}

type UnicodeEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

const SAMPLE_BYTES = 64 * 1024;

/**
 * Reads text whatever it was saved as: a byte order mark decides first; then UTF-16/32 without one
 * when the zero bytes of ASCII text give it away; then strict UTF-8 (which pure ASCII also is); and
 * only then a guess among legacy encodings with chardet, decoded by the runtime's TextDecoder (the
 * WHATWG encodings, which Node's full ICU provides), since a wrong guess there garbles letters while
 * the earlier steps are certain.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const bom = byteOrderMark(bytes);
  if (bom) return decodeUnicode(bytes.subarray(bom.length), bom.encoding);

  const unmarked = unmarkedWideEncoding(bytes.subarray(0, SAMPLE_BYTES));
  if (unmarked) return decodeUnicode(bytes, unmarked);

  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return decodeLegacy(bytes);
  }
}

export function byteOrderMark(bytes: Uint8Array): { encoding: UnicodeEncoding; length: number } | undefined {
  const [b0, b1, b2, b3] = bytes;
  // UTF-32LE's mark starts with UTF-16LE's, so it is tested first.
  if (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00) return { encoding: 'UTF-32LE', length: 4 };
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) return { encoding: 'UTF-32BE', length: 4 };
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: 'UTF-8', length: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'UTF-16LE', length: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'UTF-16BE', length: 2 };
  return undefined;
}

/**
 * Without a mark, UTF-16 and UTF-32 text in Latin scripts has a zero byte in a fixed position of
 * every code unit; single-byte and UTF-8 text has none at all. Scripts outside Latin-1 have no zero
 * bytes, so such text is only recognised with its mark (chardet cannot do better).
 */
export function unmarkedWideEncoding(sample: Uint8Array): UnicodeEncoding | undefined {
  if (sample.length < 4) return undefined;
  const zerosAt = [0, 0, 0, 0];
  const length = sample.length - (sample.length % 4);
  for (let index = 0; index < length; index += 1) {
    if (sample[index] === 0) zerosAt[index % 4]! += 1;
  }
  const quarter = length / 4;
  const mostly = (count: number) => count >= quarter * 0.7;
  const rarely = (count: number) => count <= quarter * 0.05;
  const [z0, z1, z2, z3] = zerosAt as [number, number, number, number];
  if (rarely(z0) && mostly(z1) && mostly(z2) && mostly(z3)) return 'UTF-32LE';
  if (mostly(z0) && mostly(z1) && mostly(z2) && rarely(z3)) return 'UTF-32BE';
  if (rarely(z0) && rarely(z2) && mostly(z1) && mostly(z3)) return 'UTF-16LE';
  if (mostly(z0) && mostly(z2) && rarely(z1) && rarely(z3)) return 'UTF-16BE';
  return undefined;
}

function decodeUnicode(bytes: Uint8Array, encoding: UnicodeEncoding): DecodedText {
  switch (encoding) {
    case 'UTF-8':
      return { text: new TextDecoder('utf-8').decode(bytes), encoding };
    case 'UTF-16LE':
      return { text: new TextDecoder('utf-16le').decode(bytes), encoding };
    case 'UTF-16BE':
      return { text: new TextDecoder('utf-16be').decode(bytes), encoding };
    case 'UTF-32LE':
    case 'UTF-32BE':
      return { text: decodeUtf32(bytes, encoding === 'UTF-32LE'), encoding };
  }
}

// TextDecoder reads no UTF-32 (the WHATWG Encoding standard has none), and the loop is short.
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let codePoints: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.byteLength; offset += 4) {
    const codePoint = view.getUint32(offset, littleEndian);
    codePoints.push(codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff) ? codePoint : 0xfffd);
    if (codePoints.length === 8192) {
      parts.push(String.fromCodePoint(...codePoints));
      codePoints = [];
    }
  }
  parts.push(String.fromCodePoint(...codePoints));
  return parts.join('');
}

// Latin-1 labels are read as windows-1252, as browsers do: files labelled or guessed Latin-1 are
// nearly always Windows text, whose curly quotes and dashes sit where Latin-1 has C1 controls.
const LEGACY_ALIASES: Record<string, string> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-8-I': 'ISO-8859-8',
};

function decodeLegacy(bytes: Uint8Array): DecodedText {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  for (const candidate of chardet.analyse(sample)) {
    const encoding = LEGACY_ALIASES[candidate.name] ?? candidate.name;
    if (/^UTF-(16|32)/i.test(encoding)) continue; // already ruled out above, and a guess here is noise
    if (encoding === 'UTF-8' || encoding === 'ASCII') {
      // Mostly UTF-8 with a few broken sequences: keep the text, the broken bytes become U+FFFD.
      return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' };
    }
    const decoder = legacyDecoder(encoding);
    if (decoder) return { text: decoder.decode(bytes), encoding };
  }
  return { text: legacyDecoder('windows-1252')!.decode(bytes), encoding: 'windows-1252' };
}

/** windows-1252's characters at 0x80-0x9F, where Latin-1 has C1 controls; the five it leaves undefined stay as they are. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export interface LegacyDecoder {
  /** The WHATWG name of the encoding the label stands for ("iso-8859-1" stands for windows-1252). */
  encoding: string;
  decode(bytes: Uint8Array): string;
}

/**
 * How to read bytes of a legacy encoding (a WHATWG label, as chardet, `<meta charset>` and the
 * spreadsheet code pages name them), or undefined when the runtime has no decoder for it.
 * ISO-2022-KR and ISO-2022-CN are labels of WHATWG's "replacement" decoder, which turns everything
 * into U+FFFD: such a label is treated as unknown. Node's TextDecoder (seen on Node 20) reads
 * windows-1252 as Latin-1, losing curly quotes, dashes and the euro sign, so its C1 range is mapped
 * here whatever the runtime does.
 */
export function legacyDecoder(label: string): LegacyDecoder | undefined {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim().toLowerCase());
  } catch {
    return undefined;
  }
  if (decoder.encoding === 'replacement') return undefined;
  if (decoder.encoding !== 'windows-1252') return { encoding: decoder.encoding, decode: (bytes) => decoder.decode(bytes) };
  return {
    encoding: decoder.encoding,
    decode: (bytes) => decoder.decode(bytes).replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!),
  };
}
