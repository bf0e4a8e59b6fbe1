/**
 * A rejection remark's length at most: the server refuses a longer one (POST v2/rejection-remark, and a submission's
 * field message), and the remark box takes no more, so a reviewer is not told only after typing it.
 */
export const REMARK_MAX_LENGTH = 2000;
