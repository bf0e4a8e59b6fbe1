import { useEffect, useState } from 'react';
import { fetchLeaderboard, type Leaderboard } from '../api/main.ts';
import { ordinal } from './ordinal.ts';

/** QC performance: the caller's rank and the 'Top Performer of day' table (spec 000 §2); a failed fetch shows nothing (§8). */
export function PerformancePanel({ email }: { email: string }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  useEffect(() => {
    fetchLeaderboard(email).then(setBoard, () => undefined);
  }, [email]);
  if (!board) return null;
  const performers = [...board.topPerformers].sort((a, b) => a.rank - b.rank);
  return (
    <details className="performance">
      <summary>{board.myPerformance ? `Your rank: ${ordinal(board.myPerformance.rank)}` : 'Performance'}</summary>
      <table aria-label="Top Performer of day">
        <caption>Top Performer of day</caption>
        <thead>
          <tr><th>User</th><th>Cars</th><th>TAT</th></tr>
        </thead>
        <tbody>
          {performers.map((p) => (
            <tr key={p.user}>
              <td><i className={`dot ${p.isActive ? 'green' : 'grey'}`} aria-label={p.isActive ? 'active' : 'inactive'} /> {p.user}</td>
              <td>{p.totalNoReview}</td>
              <td>{p.tat}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
