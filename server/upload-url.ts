import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring `/uploads/…` URLs (issue 11 defect 5, SECURITY.md 'Uploaded files'). Files (RC and insurance
 * images, audio remarks, RI diff pages, reports) are served only with `?exp=<unix s>&sig=<HMAC>`; the API signs
 * every upload URL in the answers it sends to a caller the route let in, so whoever may read the record may load its
 * files, for a short while, and a URL copied out of the app stops working.
 *
 * The database keeps bare paths: answers are signed on the way out, and signatures are stripped from what a client
 * sends back (a submission carries the image URLs it was given), so stored data never holds a signature.
 */

/** How long a signed URL stays valid at least. */
export const UPLOAD_URL_TTL_S = 3600;
/** Expiries are rounded up to this step, so repeated answers give the same URL and the browser's cache hits. */
const EXPIRY_STEP_S = 600;

/** An upload path as stored and served: no query, no `..` segment, no template braces (`/uploads/{uri}`). */
const UPLOAD_PATH = /^\/uploads\/(?!.*(?:^|\/)\.\.(?:\/|$))[^?#{}\s]+[^/?#{}\s]$/;
/** A bike media `uri`: the upload path without `/uploads/` (the client puts it into `imageUrlTemplate`). */
const MEDIA_URI = /^(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9_][^?#{}\s:]*[^/?#{}\s]$/;
const URI_KEYS: ReadonlySet<string> = new Set(['uri', 'oldUri']);
/** A variant parameter value names its image after the option: `LED:/uploads/variant-parameters/led.webp`. */
const NAMED_UPLOAD = /^([^:/]{1,100}):(\/uploads\/.+)$/;
/** What `signUploadUrl` appends; stripped again wherever a request carries it. */
const SIGNATURE_SUFFIX = /\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, path: string, expiry: number) => createHmac('sha256', secret).update(`uploads\n${path}\n${expiry}`).digest('base64url');

/** Percent-decoded path (the browser may encode what the database stores bare); null when it is malformed. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The expiry a URL signed at `nowS` gets: at least UPLOAD_URL_TTL_S ahead, on an EXPIRY_STEP_S boundary. */
export const uploadExpiry = (nowS: number, ttlS = UPLOAD_URL_TTL_S) => Math.ceil((nowS + ttlS) / EXPIRY_STEP_S) * EXPIRY_STEP_S;

/** `path?exp=…&sig=…` for an `/uploads/…` path valid until `expiry` (unix seconds). */
export function signUploadUrl(secret: string, path: string, expiry: number): string {
  return `${path}?exp=${expiry}&sig=${mac(secret, decodedPath(path) ?? path, expiry)}`;
}

export type UploadCheck = 'missing' | 'invalid' | 'expired' | 'ok';

/** Checks a request for an upload: its path (as requested, possibly encoded), `exp` and `sig`. Constant-time. */
export function checkUploadUrl(secret: string, path: string, exp: unknown, sig: unknown, nowS = Math.floor(Date.now() / 1000)): UploadCheck {
  if (exp === undefined && sig === undefined) return 'missing';
  const decoded = decodedPath(path);
  if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string' || decoded === null) return 'invalid';
  const expected = Buffer.from(mac(secret, decoded, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowS > Number(exp) ? 'expired' : 'ok';
}

/**
 * Signs upload URLs with one key. A detail answer carries ~80 upload URLs and an HMAC costs ~5 µs, so each path's
 * signed URL is kept for the expiry it was signed for (`signUploadUrl` gives the same text for the same path and
 * expiry, so the cache answers nothing that signing anew would not); a new expiry step empties it, and at most
 * `maxEntries` are kept (the oldest go first).
 */
export class UploadSigner {
  readonly #secret: string;
  readonly #maxEntries: number;
  #expiry = 0;
  readonly #signed = new Map<string, string>();

  constructor(secret: string, maxEntries = 10_000) {
    this.#secret = secret;
    this.#maxEntries = maxEntries;
  }

  /** How many signed URLs are kept now. */
  get size(): number {
    return this.#signed.size;
  }

  /** `signUploadUrl(secret, path, expiry)`, from the cache when this path was signed for this expiry. */
  url(path: string, expiry: number): string {
    if (expiry !== this.#expiry) {
      this.#signed.clear();
      this.#expiry = expiry;
    }
    let url = this.#signed.get(path);
    if (url === undefined) {
      url = signUploadUrl(this.#secret, path, expiry);
      if (this.#signed.size >= this.#maxEntries) this.#signed.delete(this.#signed.keys().next().value!);
      this.#signed.set(path, url);
    }
    return url;
  }
}

const UPLOADS = '/uploads/';

function signText(signer: UploadSigner, text: string, key: string | null, expiry: number): string {
  // Cheap prefix tests first: most text in an answer is not an upload URL.
  if (text.startsWith(UPLOADS)) return UPLOAD_PATH.test(text) ? signer.url(text, expiry) : text;
  if (key !== null && URI_KEYS.has(key) && MEDIA_URI.test(text)) return signer.url(`${UPLOADS}${text}`, expiry).slice(UPLOADS.length);
  const named = text.includes(`:${UPLOADS}`) ? text.match(NAMED_UPLOAD) : null;
  if (named && UPLOAD_PATH.test(named[2])) return `${named[1]}:${signer.url(named[2], expiry)}`;
  return text;
}

/**
 * A copy of an answer with every upload URL in it signed (whole-string `/uploads/…` values, bike `uri`s, variant
 * `name:/uploads/…` values). Copy-on-write: objects without an upload URL are returned as they are, and nothing the
 * caller holds (cached config, say) is changed.
 */
export function signUploads<T>(signer: UploadSigner, payload: T, nowS = Math.floor(Date.now() / 1000)): T {
  const expiry = uploadExpiry(nowS);
  const walk = (value: unknown, key: string | null): unknown => {
    if (typeof value === 'string') return signText(signer, value, key, expiry);
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      let out: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const next = walk(value[i], key);
        if (next !== value[i]) (out ??= value.slice()).splice(i, 1, next);
      }
      return out ?? value;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[k];
      const next = walk(item, k);
      // The spread made every key of `value` an own data property of `out` (`__proto__` too), so this sets that
      // property and never reaches a setter; Object.defineProperty here cost half the walk (~20 µs a detail).
      if (next !== item) Reflect.set((out ??= { ...value }), k, next);
    }
    return out ?? value;
  };
  return walk(payload, null) as T;
}

/**
 * Request data with the signature suffix removed from every text value (in place for objects and arrays; the
 * result for a bare string), so a URL the client was given goes back into the database bare.
 */
export function stripUploadSignatures<T>(data: T): T {
  if (typeof data === 'string') return data.replace(SIGNATURE_SUFFIX, '') as T;
  const stack: unknown[] = [data];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (const [k, item] of entries) {
      if (typeof item === 'string') {
        if (SIGNATURE_SUFFIX.test(item)) Object.defineProperty(v, k, { value: item.replace(SIGNATURE_SUFFIX, ''), writable: true, enumerable: true, configurable: true });
      } else if (item && typeof item === 'object') stack.push(item);
    }
  }
  return data;
}
