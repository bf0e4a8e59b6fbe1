/** Stand-in pictures for stories: a labelled SVG as a data URL, so no image host is needed. */
export function picture(title: string, colour = '#2e5d7d'): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="260"><rect width="400" height="260" fill="${colour}"/><text x="20" y="140" fill="#fff" font-family="sans-serif" font-size="28">${title}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
