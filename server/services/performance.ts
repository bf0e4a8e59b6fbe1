/** The performance panel (spec 000 §2): today's top ten and one reviewer's rank, their own unless an excluded user asks. */
import dayjs from 'dayjs';
import type { SessionUser } from '../auth.ts';
import type { Queryable } from '../db.ts';
import { forbidden } from '../errors.ts';
import { leaderboard } from '../repos/performance.ts';
import { sameEmail } from './assignee.ts';

const TOP = 10;

export async function leaderboardOfToday(db: Queryable, me: SessionUser, asked: string) {
  if (!me.isExcludedUser && !sameEmail(asked, me.email)) throw forbidden('You can only see your own performance');
  const all = await leaderboard(db, dayjs().startOf('day').toDate());
  const mine = all.find((p) => sameEmail(p.email, asked));
  return {
    topPerformers: all.slice(0, TOP),
    myPerformance: mine ? { rank: mine.rank, totalNoReview: mine.totalNoReview, tat: mine.tat } : null,
  };
}
