/**
 * Rejection remarks of one row or image (000 §3 remarkHistory, §5 remark rule, §7 v2/rejection-remark): the
 * history (MMM DD HH:mm), a text remark (Add disabled while blank) and a recorded audio remark. The recording is
 * handed to the review machine, which uploads it and keeps it until the server has it; the panel only sends events.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { displayText } from '../../components/display-text.ts';
import { formatTime } from '../../components/format-time.ts';
import type { RemarkEntry } from '../../engine/inspection.ts';
import type { RowState } from '../../engine/types.ts';
import type { RemarkTarget } from '../../api/review.ts';
import { AUDIO_REMARK_TEXT, remarkMachine } from '../../machines/remark.machine.ts';
import { REMARK_MAX_LENGTH } from '../../engine/limits.ts';
import type { AudioRemark } from '../../machines/review.machine.ts';
import { fetchRemarks, saveRemark } from '../../api/review.ts';
import { createMediaRecorder, isRecordingSupported, type AudioRecorder } from './audio.ts';
import { useRowContext } from './context.ts';
import { useLatest } from '../../components/useLatest.ts';

/** Remark timestamps are unix seconds, shown MMM DD HH:mm (000 §9); another backend's ISO or milliseconds too, '-' for none. */
export function formatRemarkTime(timestamp: unknown): string {
  return formatTime(timestamp, 'MMM DD HH:mm');
}

/** The row's audio remarks, held by the review machine: the recording not stored yet, those stored, and its events. */
export interface AudioRemarks {
  pending: AudioRemark | undefined;
  sent: readonly RemarkEntry[] | undefined;
  record: (audio: Blob) => void;
  retry: () => void;
  discard: () => void;
}

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
  /** Audio remarks: only within a review (without it, no recording is offered). */
  audio?: AudioRemarks;
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
  audio,
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

  // Built once (a render per keystroke in the remark box); the props it calls are read as they are now.
  const latest = useLatest({ target, alert, onText, onSaved });
  const [machine] = useState(() =>
    remarkMachine.provide({
      actors: { saveRemark: fromPromise(({ input }) => saveRemark(input)) },
      actions: {
        showAlert: (_, params) => latest().alert(params.message),
        remarkSaved: (_, params) => {
          const now = latest();
          const stored = params.response as RemarkEntry | null;
          const entry: RemarkEntry = stored?.timestamp
            ? stored
            : { id: `local-${Date.now()}`, user: now.target.user, role: now.target.role, type: 'text', remark: params.remark, timestamp: Math.floor(Date.now() / 1000) };
          setAdded((list) => [...list, entry]);
          now.onText?.('');
          now.onSaved(params.remark);
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { ...target, text } });

  const entries = useMemo(() => merge(history ?? [], fetched, added, audio?.sent ?? []), [history, fetched, added, audio?.sent]);
  const busy = snapshot.hasTag('busy');
  const pendingAudio = audio?.pending;

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
    audio?.record(await r.stop());
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
                {formatRemarkTime(e.timestamp)} · {displayText(e.user) || '-'}{e.role ? ` (${displayText(e.role)})` : ''}
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
            data-remark
            placeholder="Add a remark"
            maxLength={REMARK_MAX_LENGTH}
            value={snapshot.context.text}
            // Read-only, not disabled, while it saves: a disabled field drops the focus to the page's body.
            readOnly={busy}
            aria-busy={busy}
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
            audio &&
            (recording ? (
              <button type="button" onClick={stopRecording}>
                Stop recording
              </button>
            ) : (
              <button type="button" disabled={busy || pendingAudio?.status === 'sending'} onClick={startRecording}>
                Record audio
              </button>
            ))}
        </div>
      )}
      {pendingAudio && (
        <p className="remark-audio" role="status">
          {pendingAudio.status === 'failed' ? (
            <>
              Recording not sent{pendingAudio.error ? `: ${pendingAudio.error}` : ''}.{' '}
              <button type="button" className="link" onClick={audio.retry}>
                Send again
              </button>{' '}
              ·{' '}
              <button type="button" className="link" onClick={audio.discard}>
                Discard recording
              </button>
            </>
          ) : (
            'Sending the recording...'
          )}
        </p>
      )}
    </div>
  );
}

/** A row's (or image tile's) remark panel, wired to the review through the row context. */
export function RowRemarks({ row }: { row: RowState }) {
  const ctx = useRowContext();
  const { review } = ctx;
  const pending = useSelector(review, (s) => s?.context.audioRemarks[row.key]);
  const sent = useSelector(review, (s) => s?.context.sentRemarks[row.key]);
  const target = ctx.remarkTarget(row);
  const audio: AudioRemarks | undefined = review && {
    pending,
    sent,
    record: (recorded) => review.send({ type: 'AUDIO_REMARK', key: row.key, target, audio: recorded }),
    retry: () => review.send({ type: 'RETRY_AUDIO_REMARK', key: row.key }),
    discard: () => review.send({ type: 'DISCARD_AUDIO_REMARK', key: row.key }),
  };
  return (
    <RemarkPanel
      target={target}
      appointmentId={ctx.appointmentId}
      history={row.remarkHistory}
      canEdit={ctx.canEdit}
      onSaved={(remark) => ctx.onEdit({ type: 'remark', key: row.key, remark })}
      text={ctx.remarkText?.(row.key)}
      onText={ctx.onRemarkText && ((text) => ctx.onRemarkText!(row.key, text))}
      recorder={ctx.recorder}
      recordingSupported={ctx.recordingSupported}
      audio={audio}
    />
  );
}
