import type { LoginData } from '../api/session.ts';

/**
 * An image's address from the stored login data (000 §9, 002 §3): a relative path goes on the image host, and the
 * resizing query is added; absolute, data and blob addresses keep their host. Without a host, the path as given.
 */
export function imageSrcFor(session: Pick<LoginData, 'imageHostUrl' | 'imageResizingQueryString'> | null): (url: string) => string {
  const host = session?.imageHostUrl ?? '';
  const quality = session?.imageResizingQueryString ?? '';
  return (url) => {
    if (!url) return url;
    const absolute = /^(https?:|data:|blob:|\/)/.test(url);
    const full = absolute || !host ? url : `${host.replace(/\/$/, '')}/${url}`;
    return quality && !full.startsWith('data:') && !full.startsWith('blob:') ? `${full}${full.includes('?') ? '&' : '?'}${quality.replace(/^[?&]/, '')}` : full;
  };
}
