/** The `users` table: accounts as sign-in and the session guard see them. */
import type { Queryable } from '../db.ts';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: string | null;
  isExcludedUser: boolean;
  /** Inactive accounts are refused at sign-in, and their tokens stop working (issue 11 defect 2). */
  isActive: boolean;
}

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: string | null;
  is_excluded: boolean;
  is_active: boolean;
}

export const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  isExcludedUser: row.is_excluded,
  isActive: row.is_active,
});

/** The account of an e-mail address, matched without regard to case; active or not (sign-in tells them apart). */
export async function findUserByEmail(db: Queryable, email: string): Promise<SessionUser | null> {
  const { rows } = await db.query<UserRow>('SELECT id, email, name, role, is_excluded, is_active FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ? toSessionUser(rows[0]) : null;
}
