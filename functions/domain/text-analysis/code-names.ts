/**
 * The names in code a question writes: `association_proxy`, `os.getenv`, `scopedSession`,
 * `cluster.schedulingPolicy`, `--autostash` (a dot, an underscore or a capital inside a word, or an
 * option's dashes), longer than three characters.
 */
const IDENTIFIER = /[A-Za-z_][\w.]*(?:_[\w.]*|\.[A-Za-z_]\w*|[a-z][A-Z]\w*)|--?[a-z][\w-]+/g;

export function namesInCode(text: string): string[] {
  return [...new Set(text.match(IDENTIFIER) ?? [])].filter((name) => name.length > 3);
}
