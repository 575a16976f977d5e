/**
 * Raw HTML and MDX in a Markdown file, read as a Markdown renderer shows them: its tags show
 * nothing and the text between them shows as text. An anchor (`<a id="install"></a>`), a centred
 * logo (`<p align="center"><img …></p>`) or a component's wrapper (`<Tabs>`, `<TabItem
 * value="npm">`) is a line that shows nothing; `<h1 align="center">Fastify</h1>` shows "Fastify",
 * `<kbd>Ctrl</kbd>` "Ctrl". Fastify's pages held 300 such anchors, and the text that snippets and
 * answers quote held them. Code, fenced or inline, is never touched.
 */
import { outsideCodeSpans } from '../../../../shared/markdown/code-spans';

/** An element's tag, opening, closing or self-closing, with its attributes: `<a id="x">`, `</TabItem>`, `<br/>`. */
const TAG = /<\/?[A-Za-z][\w.:-]*(?:\s+[\w:.@-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^{}]*\}|[^\s"'=<>`]+))?)*\s*\/?>/g;
/** A comment on one line (`<!-- prettier-ignore -->`). */
const COMMENT = /<!--.*?-->/g;
/** A line break inside a paragraph: a space between the words it separates. */
const LINE_BREAK = /<br\s*\/?>/gi;
/** An MDX import or export statement: the page's JavaScript, not its text. */
const MDX_STATEMENT = /^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"]|export\s+(?:const|default|function)\b.*);?\s*$/;

/**
 * A Markdown line outside fenced code as it reads: undefined when it shows nothing (tags only, an
 * MDX import), else the line without its tags. A line without "<" is returned as it is.
 */
export function withoutRawHtml(line: string): string | undefined {
  if (!line.includes('<')) return MDX_STATEMENT.test(line) ? undefined : line;
  let tagged = false;
  const untag = (replacement: string) => () => {
    tagged = true;
    return replacement;
  };
  const text = outsideCodeSpans(line, (part) => part.replace(COMMENT, untag('')).replace(LINE_BREAK, untag(' ')).replace(TAG, untag('')));
  if (!tagged) return line;
  return text.trim() ? text : undefined;
}
