/**
 * The config studio's stand-in for codemirror-json-schema's `utils/markdown` (vite.config.ts swaps it in): the
 * library renders its completion docs, hover docs and error messages with markdown-it and shiki, ~300 KB of the
 * studio's chunk (issue 17). The schema's descriptions are plain sentences, so they show as text, with `code` spans
 * kept. The library puts the answer in innerHTML and messages quote what the analyst typed: everything is escaped.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function renderMarkdown(markdown: string, inline = true): string {
  const html = markdown.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/`([^`\n]+)`/g, '<code>$1</code>');
  return inline ? html : `<p>${html.replace(/\n{2,}/g, '</p><p>').replace(/\n/g, '<br>')}</p>`;
}
