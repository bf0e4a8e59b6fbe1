import { useEffect, useState } from 'react';
import { fetchLeaderboard, type Leaderboard } from '../api/main.ts';
import { ordinal } from './ordinal.ts';
import { whenIdle } from '../components/whenIdle.ts';

/** The leaderboard as shown: the caller's rank line and the 'Top Performer of day' table sorted by rank. */
export function PerformanceView({ board }: { board: Leaderboard }) {
  const [open, setOpen] = useState(false);
  const performers = [...(board.topPerformers ?? [])].sort((a, b) => a.rank - b.rank);
  const mine = board.myPerformance;
  return (
    <div className="performance">
      <button type="button" aria-expanded={open} aria-controls="top-performers" onClick={() => setOpen((o) => !o)}>
        {mine ? `Your rank: ${ordinal(mine.rank)} · ${mine.totalNoReview} cars · TAT ${mine.tat}` : 'Top Performer of day'}
      </button>
      {open && (
        <table id="top-performers" className="performance-table">
          <caption>Top Performer of day</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Cars</th>
              <th scope="col">TAT</th>
            </tr>
          </thead>
          <tbody>
            {performers.map((p) => (
              <tr key={`${p.rank}-${p.user}`}>
                <td>
                  <i className={`dot ${p.isActive ? 'green' : 'grey'}`} role="img" aria-label={p.isActive ? 'active' : 'inactive'} /> {p.user}
                </td>
                <td>{p.totalNoReview}</td>
                <td>{p.tat}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** QC performance panel (spec 000 §2, QC role only); a failed leaderboard fetch shows nothing (§8). */
export function PerformancePanel({ email }: { email: string }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  useEffect(() => {
    let cancelled = false;
    // Asked for once the page has loaded and is idle: the header's secondary line need not compete with the opened
    // screen's own calls and first render, as it did mid-load on every /review (issue 18 'Load').
    const cancel = whenIdle(() =>
      fetchLeaderboard(email).then(
        (data) => !cancelled && data && setBoard(data),
        () => undefined,
      ),
    );
    return () => {
      cancelled = true;
      cancel();
    };
  }, [email]);
  return board ? <PerformanceView board={board} /> : null;
}
