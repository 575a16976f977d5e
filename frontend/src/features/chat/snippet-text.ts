/**
 * A cited snippet as the text a reader of the source sees. Snippets are cut from the stored
 * extraction, which keeps a document's Markdown (headings, emphasis, links, tables); printed as they
 * are, a Sources list reads "## Refunds **within** [30 days](…)". The server collapses a snippet's
 * whitespace, so the block markers are recognised mid-line too, where whitespace surrounds them.
 */
export function snippetAsPlainText(snippet: string): string {
  return (
    snippet
      // Images by their alt text, links by their text; autolinks by their address.
      .replace(/!\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
      // Headings, quotes, "*"/"+" bullets and rules: markers standing alone between spaces. A "-"
      // bullet is only taken at the start, as mid-text " - " is as likely a dash in a sentence.
      .replace(/(^|\s)(?:#{1,6}|>+)\s+/g, '$1')
      .replace(/(^|\s)[*+]\s+(?=\S)/g, '$1')
      .replace(/^-\s+(?=\S)/, '')
      .replace(/(^|\s)(?:-{3,}|\*{3,}|_{3,})(?=\s|$)/g, '$1')
      // Table separator rows, then the cells' pipes.
      .replace(/\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?/g, ' ')
      .replace(/\s*\|\s*/g, ' · ')
      .replace(/·(?:\s*·)+/g, '·')
      // Emphasis and code spans; "_" only outside words, so snake_case survives.
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(^|[^*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?!\*)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
      .replace(/`+([^`]+)`+/g, '$1')
      // A snippet cut inside bold leaves one half of the pair.
      .replace(/\*\*|__/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
      .replace(/(?:\s*·\s*)+$/, '')
      .replace(/^(?:\s*·\s*)+/, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
