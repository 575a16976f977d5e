/**
 * The info fields of a Sphinx object description (":param bytes key: The key.", ":raises
 * ValueError: …", ":returns: …", ":rtype: int"), read as Sphinx shows them: "Parameter `key`
 * (bytes): The key.", "Raises `ValueError`: …", "Returns: …", "Return type: int". Left raw, an
 * answer quoted ":param bytes wrapping_key: The wrapping key." (issue 17: no raw markup).
 */
const INFO_FIELD = /^(\s*):(param|parameter|arg|argument|key|keyword|kwarg|kwparam|type|raises|raise|except|exception|var|ivar|cvar|vartype|returns|return|rtype|returntype|meta)(?:\s+((?::[\w:-]+:`[^`\n]+`|[^:\n])*?))?:(?:\s+(.*))?$/;

/**
 * Any other field of a field list (":names: The enum members.", ":Exit code 0: All tests passed"):
 * an item of its list, its name and a colon, as docutils shows each on a row of its own. A role at
 * a line's start (":func:`zip`") is none.
 */
const FIELD = /^(\s*):([A-Za-z][\w .-]*):(?=\s|$)/;
/** Sphinx's file-wide metadata fields, which the page does not show. */
const FILE_METADATA = new Set(['orphan', 'tocdepth', 'nocomments', 'nosearch']);

/** Whether a line is an info field (INFO_FIELD, without its capture groups' use). */
export const HAS_INFO_FIELD = new RegExp(INFO_FIELD.source);

const PARAMETER_FIELDS = new Set(['param', 'parameter', 'arg', 'argument', 'key', 'keyword', 'kwarg', 'kwparam']);
const RAISES_FIELDS = new Set(['raises', 'raise', 'except', 'exception']);
const VARIABLE_FIELDS = new Set(['var', 'ivar', 'cvar']);

/** A plain name in backticks; one already marked up (":exc:`ValueError`") as written, for inlineMarkup to read. */
const asCode = (name: string) => (/[`:]/.test(name) ? name : `\`${name}\``);

/** The line as Sphinx shows the info field it is, when it is one; undefined otherwise (and for a field this reader does not know). */
export function infoField(line: string): string | undefined {
  const field = INFO_FIELD.exec(line);
  if (!field) {
    const other = FIELD.exec(line);
    return other ? (FILE_METADATA.has(other[2]!.toLowerCase()) ? '' : line.replace(FIELD, '$1- $2:')) : undefined;
  }
  const [, indent = '', kind = '', argument = '', body = ''] = field;
  if (kind === 'meta') return '';
  const label = fieldLabel(kind, argument);
  return label === undefined ? undefined : `${indent}${label}:${body ? ` ${body}` : ''}`;
}

/** What Sphinx shows before an info field's text ("Parameter `key` (bytes)", "Raises `ValueError`"); undefined for a field named nothing that needs a name, and for :meta:. */
export function infoFieldLabel(line: string): string | undefined {
  const field = INFO_FIELD.exec(line);
  return field && field[2] !== 'meta' ? fieldLabel(field[2] ?? '', field[3] ?? '') : undefined;
}

function fieldLabel(kind: string, argument: string): string | undefined {
  const words = argument.trim().split(/\s+/).filter(Boolean);
  const name = words.at(-1);
  const type = words.slice(0, -1).join(' ');
  if (PARAMETER_FIELDS.has(kind)) return name === undefined ? undefined : `Parameter ${asCode(name)}${type ? ` (${type})` : ''}`;
  if (VARIABLE_FIELDS.has(kind)) return name === undefined ? undefined : `Variable ${asCode(name)}${type ? ` (${type})` : ''}`;
  if (kind === 'type' || kind === 'vartype') return name === undefined ? undefined : `Type of ${asCode(argument.trim())}`;
  if (RAISES_FIELDS.has(kind)) return argument.trim() ? `Raises ${asCode(argument.trim())}` : 'Raises';
  if (kind === 'returns' || kind === 'return') return argument.trim() ? `Returns (${argument.trim()})` : 'Returns';
  return 'Return type';
}
