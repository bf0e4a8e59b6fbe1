// `npm run link -- customer-audit|sell-online <appointmentId> [hours]`: prints a signed public link for an appointment,
// valid for `hours` (default 7 days). Signs with LINK_SECRET, else the key the server keeps in DATA_DIR/link-secret.
import { resolve } from 'node:path';
import { DEFAULT_LINK_TTL_S, LINK_PAGES, linkPath, linkSecret, type LinkPage } from '../server/link-token.ts';

const [page, appointmentId, hours] = process.argv.slice(2);
if (!LINK_PAGES.includes(page as LinkPage) || !/^[0-9]{1,20}$/.test(appointmentId ?? '') || (hours !== undefined && !(Number(hours) > 0))) {
  console.error('usage: npm run link -- customer-audit|sell-online <appointmentId> [hours]');
  console.error('seeded appointments: 3051200000, 3051200007, 3051200014, 3051200021');
  process.exit(2);
}
const ttl = hours === undefined ? DEFAULT_LINK_TTL_S : Math.round(Number(hours) * 3600);
const expiry = Math.floor(Date.now() / 1000) + ttl;
const secret = linkSecret(process.env, resolve(process.env.DATA_DIR ?? './data'));
const base = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 8080}`;
console.log(`${base.replace(/\/$/, '')}${linkPath(secret, page as LinkPage, appointmentId, expiry)}`);
