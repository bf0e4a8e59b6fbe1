import { RETRY_LINE } from '../machines/error-detail.ts';

/** The error panel of the lists (spec 000 §2 'On failure an error panel shows', §8 shared texts 'Oops!' and the retry line). */
export function ErrorPanel({ detail }: { detail?: string | null }) {
  return (
    <div role="alert" className="error-panel">
      <strong>Oops!</strong>
      <p>{RETRY_LINE}</p>
      {detail && detail !== RETRY_LINE && <p className="muted">{detail}</p>}
    </div>
  );
}
