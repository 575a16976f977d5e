/**
 * What Sphinx hides in a Python session's code (its trim_doctest_flags, on by default): the
 * `# doctest: +SKIP` comments that tell the test runner how to check a line, and the `<BLANKLINE>`
 * that stands for an empty line of output. Astropy's sessions carry one on most lines
 * ("<Longitude 13.0895 hourangle>" under "t.sidereal_time('mean')  # doctest: +FLOAT_CMP +REMOTE_DATA"),
 * and answers quoted them as the page never shows them.
 */
const DOCTEST_FLAGS = /[ \t]*#\s*doctest:.*$/;
const SESSION_PROMPT = /^\s*>>>/;

/** A code block's lines as Sphinx shows them: a Python session's without its doctest flags; other code as written. */
export function withoutDoctestFlags(lines: readonly string[]): string[] {
  if (!lines.some((line) => SESSION_PROMPT.test(line))) return [...lines];
  return lines.map((line) => (line.trim() === '<BLANKLINE>' ? '' : line.replace(DOCTEST_FLAGS, '')));
}
