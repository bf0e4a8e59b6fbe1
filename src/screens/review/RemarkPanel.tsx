/**
 * Rejection remarks of one row or image (000 §3 remarkHistory, §5 remark rule, §7 v2/rejection-remark): the
 * history (MMM DD HH:mm), a text remark (Add disabled while blank) and a recorded audio remark.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import dayjs from 'dayjs';
import type { RemarkEntry } from '../../engine/inspection.ts';
import type { RowState } from '../../engine/types.ts';
import type { RemarkTarget } from '../../api/review.ts';
import { remarkMachine } from '../../machines/remark.machine.ts';
import { fetchRemarks, saveRemark } from '../../api/review.ts';
import { createMediaRecorder, isRecordingSupported, type AudioRecorder } from './audio.ts';
import { useRowContext } from './context.ts';

/** Remark timestamps are unix seconds, shown MMM DD HH:mm (000 §9). */
export function formatRemarkTime(seconds: number): string {
  return dayjs(seconds * 1000).format('MMM DD HH:mm');
}

/** The text recorded on the row for an audio remark, so the engine sees the row has a remark. */
export const AUDIO_REMARK_TEXT = 'Audio remark';

interface Props {
  target: RemarkTarget;
  appointmentId: string;
  history: readonly RemarkEntry[] | undefined;
  canEdit: boolean;
  /** Stored: the screen records it on the row (engine `remark` edit). */
  onSaved: (remark: string) => void;
  /** Text typed before (kept while the panel was unmounted) and where each change of it goes. */
  text?: string;
  onText?: (text: string) => void;
  alert?: (message: string) => void;
  recorder?: () => AudioRecorder;
  recordingSupported?: boolean;
}

function merge(...lists: readonly (readonly RemarkEntry[])[]): RemarkEntry[] {
  const seen = new Set<string>();
  const out: RemarkEntry[] = [];
  for (const e of lists.flat()) {
    const id = e.id || `${e.timestamp}|${e.remark}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(e);
  }
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

export function RemarkPanel({
  target,
  appointmentId,
  history,
  canEdit,
  onSaved,
  text = '',
  onText,
  alert = (m) => window.alert(m),
  recorder = createMediaRecorder,
  recordingSupported = isRecordingSupported(),
}: Props) {
  const [fetched, setFetched] = useState<RemarkEntry[]>([]);
  const [added, setAdded] = useState<RemarkEntry[]>([]);
  const [recording, setRecording] = useState<AudioRecorder | null>(null);

  useEffect(() => {
    let live = true;
    fetchRemarks({ appointmentId, section: target.section, part: target.part, subPart: target.subPart, hashKey: target.hashKey })
      .then((list) => live && setFetched(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appointmentId, target.section, target.part, target.subPart, target.hashKey]);

  const [snapshot, send] = useMachine(
    remarkMachine.provide({
      actors: { saveRemark: fromPromise(({ input }) => saveRemark(input)) },
      actions: {
        showAlert: (_, params) => alert(params.message),
        remarkSaved: (_, params) => {
          const stored = params.response as RemarkEntry | null;
          const entry: RemarkEntry = stored?.timestamp
            ? stored
            : { id: `local-${Date.now()}`, user: target.user, role: target.role, type: params.remarkType, remark: params.remark, timestamp: Math.floor(Date.now() / 1000) };
          setAdded((list) => [...list, entry]);
          onText?.('');
          onSaved(params.remarkType === 'audio' ? params.remark || AUDIO_REMARK_TEXT : params.remark);
        },
      },
    }),
    { input: { ...target, text } },
  );

  const entries = useMemo(() => merge(history ?? [], fetched, added), [history, fetched, added]);
  const busy = snapshot.hasTag('busy');

  const startRecording = async () => {
    const r = recorder();
    try {
      await r.start();
      setRecording(r);
    } catch {
      alert('Microphone is not available');
    }
  };
  const stopRecording = async () => {
    const r = recording;
    setRecording(null);
    if (!r) return;
    const audio = await r.stop();
    send({ type: 'SAVE_AUDIO', audio });
  };

  return (
    <div className="remarks" role="region" aria-label="Remarks">
      {entries.length === 0 ? (
        <p className="muted">No remarks yet</p>
      ) : (
        <ul className="remark-history" aria-label="Remark history">
          {entries.map((e) => (
            <li key={e.id || `${e.timestamp}${e.remark}`}>
              <span className="muted">
                {formatRemarkTime(e.timestamp)} · {e.user} ({e.role})
              </span>{' '}
              {e.type === 'audio' ? (e.presignedUrl ? <audio controls src={e.presignedUrl} aria-label="Audio remark" /> : <em>{AUDIO_REMARK_TEXT}</em>) : e.remark}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="remark-add">
          <input
            aria-label="Remark"
            placeholder="Add a remark"
            value={snapshot.context.text}
            disabled={busy}
            onChange={(e) => {
              send({ type: 'CHANGE', text: e.target.value });
              onText?.(e.target.value);
            }}
            onKeyDown={(e) => e.key === 'Enter' && send({ type: 'SAVE' })}
          />
          <button type="button" disabled={!snapshot.can({ type: 'SAVE' })} onClick={() => send({ type: 'SAVE' })}>
            Add
          </button>
          {recordingSupported &&
            (recording ? (
              <button type="button" onClick={stopRecording}>
                Stop recording
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={startRecording}>
                Record audio
              </button>
            ))}
        </div>
      )}
    </div>
  );
}

/** A row's (or image tile's) remark panel, wired to the review through the row context. */
export function RowRemarks({ row }: { row: RowState }) {
  const ctx = useRowContext();
  return (
    <RemarkPanel
      target={ctx.remarkTarget(row)}
      appointmentId={ctx.appointmentId}
      history={row.remarkHistory}
      canEdit={ctx.canEdit}
      onSaved={(remark) => ctx.onEdit({ type: 'remark', key: row.key, remark })}
      text={ctx.remarkText?.(row.key)}
      onText={ctx.onRemarkText && ((text) => ctx.onRemarkText!(row.key, text))}
      recorder={ctx.recorder}
      recordingSupported={ctx.recordingSupported}
    />
  );
}
