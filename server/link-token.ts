import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The public pages a link can open (DESIGN.md 'Public pages'); the page is part of what is signed. */
export const LINK_PAGES = ['customer-audit', 'sell-online'] as const;
export type LinkPage = (typeof LINK_PAGES)[number];

/** How long a printed link stays valid unless told otherwise. */
export const DEFAULT_LINK_TTL_S = 7 * 24 * 3600;

const SECRET_FILE = 'link-secret';

/**
 * The HMAC key of public links: LINK_SECRET when set, else a random key kept in `<dataDir>/link-secret`
 * (created once, owner-only), so links stay valid across restarts and the link command signs with the same key.
 */
export function linkSecret(env: { LINK_SECRET?: string }, dataDir: string): string {
  if (env.LINK_SECRET) return env.LINK_SECRET;
  const file = join(dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

function mac(secret: string, page: LinkPage, appointmentId: string, expiry: number): string {
  return createHmac('sha256', secret).update(`${page}\n${appointmentId}\n${expiry}`).digest('base64url');
}

/** The signature of a link to `page` for one appointment, valid until `expiry` (unix seconds). */
export function signLink(secret: string, page: LinkPage, appointmentId: string, expiry: number): string {
  return mac(secret, page, appointmentId, expiry);
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a link's signature against the page, appointment and expiry it names (all three are signed, so an edited
 * expiry or a guessed appointment fails), then its expiry. Constant-time comparison.
 */
export function checkLink(secret: string, page: LinkPage, appointmentId: string, expiry: number, signature: string, nowS = Math.floor(Date.now() / 1000)): LinkCheck {
  const expected = Buffer.from(mac(secret, page, appointmentId, expiry));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowS > expiry ? 'expired' : 'ok';
}

/** The app path of a signed link (the page reads `exp` and `token` and passes them on to its calls). */
export function linkPath(secret: string, page: LinkPage, appointmentId: string, expiry: number): string {
  const token = signLink(secret, page, appointmentId, expiry);
  return page === 'customer-audit'
    ? `/customer-audit/${encodeURIComponent(appointmentId)}/${expiry}?token=${token}`
    : `/sell-online?${new URLSearchParams({ appointmentId, exp: String(expiry), token })}`;
}
