import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PALETTE = ['#2f6f8f', '#6b8e23', '#8b5a2b', '#5d4e8c', '#a0522d', '#2e8b57', '#4a6fa5', '#8f3f5f', '#3f7f7f', '#7a6a3a'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * A demo photo: a coloured 800×600 SVG with a title and a few text lines (a document's fields,
 * or a car view with a simple silhouette), so reviewers can see what each image slot holds.
 */
export function demoSvg(opts: { title: string; lines?: string[]; kind?: 'document' | 'car' | 'detail'; colour?: string }): string {
  const colour = opts.colour ?? PALETTE[hash(opts.title) % PALETTE.length];
  const lines = (opts.lines ?? []).map(
    (line, i) => `<text x="60" y="${250 + i * 44}" font-size="30" fill="#1d1d1d" font-family="monospace">${escapeXml(line)}</text>`,
  );
  const body =
    opts.kind === 'document'
      ? `<rect x="40" y="150" width="720" height="400" rx="10" fill="#f4f1e8" stroke="#555" stroke-width="3"/>${lines.join('')}`
      : opts.kind === 'car'
        ? `<g fill="#222" opacity="0.75"><rect x="160" y="330" width="480" height="110" rx="30"/><path d="M250 330 L320 250 L500 250 L570 330 Z"/>` +
          `<circle cx="270" cy="450" r="45" fill="#111"/><circle cx="530" cy="450" r="45" fill="#111"/></g>` +
          (opts.lines ?? []).map((l, i) => `<text x="60" y="${520 + i * 36}" font-size="26" fill="#fff" font-family="sans-serif">${escapeXml(l)}</text>`).join('')
        : `<circle cx="400" cy="340" r="150" fill="#222" opacity="0.6"/><circle cx="400" cy="340" r="70" fill="#888"/>` +
          (opts.lines ?? []).map((l, i) => `<text x="60" y="${540 + i * 36}" font-size="26" fill="#fff" font-family="sans-serif">${escapeXml(l)}</text>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">` +
    `<rect width="800" height="600" fill="${colour}"/>` +
    `<text x="40" y="90" font-size="48" font-weight="bold" fill="#fff" font-family="sans-serif">${escapeXml(opts.title)}</text>` +
    body +
    `</svg>`
  );
}

/** Writes seed files (images, reports) under `uploadsDir` once per relative path and answers their public `/uploads/…` url. */
export class ImageWriter {
  private written = new Set<string>();

  constructor(private readonly uploadsDir: string) {}

  write(relPath: string, content: () => string | Buffer): string {
    if (!this.written.has(relPath)) {
      const file = join(this.uploadsDir, relPath);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content());
      this.written.add(relPath);
    }
    return `/uploads/${relPath}`;
  }
}
