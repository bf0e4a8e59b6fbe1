/**
 * A rejection remark's length at most: the server refuses a longer one (POST v2/rejection-remark, and a submission's
 * field message), and the remark box takes no more, so a reviewer is not told only after typing it.
 */
export const REMARK_MAX_LENGTH = 2000;

/**
 * A JSON request's body at most, in bytes (the server's Fastify bodyLimit for every JSON call): the config studio
 * says a config over it is too large before sending it, rather than after the server's 413.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** A size in bytes as people read it: '1 MB', '1.37 MB', '640 KB'. */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(2))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
