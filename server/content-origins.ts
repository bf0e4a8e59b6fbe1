/**
 * CONTENT_ORIGINS: the origins, comma-separated, that the served app may call and load images and videos from besides
 * its own (another backend's API and image hosts; app.ts adds them to the Content-Security-Policy). Each must be an
 * origin alone (scheme, host, port: no path, no wildcard), so a typo cannot open the policy wider than meant.
 */
export function parseOrigins(text: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let origin: string | null = null;
    try {
      const url = new URL(item);
      const plainHost = /^[a-z0-9.-]+$/i.test(url.hostname) || /^\[[0-9a-f:.]+\]$/i.test(url.hostname);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && plainHost && url.origin === item.replace(/\/$/, '')) origin = url.origin;
    } catch {
      // not a URL: refused below
    }
    if (!origin) throw new Error(`CONTENT_ORIGINS: '${item}' is not an origin such as https://images.example.com`);
    origins.push(origin);
  }
  return origins;
}
