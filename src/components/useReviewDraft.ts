/**
 * The draft machine for a screen without a machine of its own (the bike, refurbishment and GS reviews and the config
 * studio's text; the car's review machine invokes the draft machine itself): the screen gives what the reviewer has done as a payload
 * (null: nothing the server does not have, memoised so its identity changes only with a change) and how to show a
 * payload (`apply(null)`: the server's own state); a stored draft reaches `apply` only through the product's
 * `parse`. The payload reaches the machine in an effect after the change's commit, never in the keystroke's own task.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { indexedDbDrafts, type DraftStore } from '../api/drafts.ts';
import { draftActors, draftMachine, type DraftEvent, type DraftNotice } from '../machines/review-draft.machine.ts';

export interface ReviewDraftOptions<P> {
  /** Draft store key (per record and user); null keeps no draft (a read-only view). */
  draftKey: string | null;
  /** The record's and config's version. */
  version: string;
  payload: P | null;
  /**
   * The product's payload in a stored draft, which the browser's store hands back as it holds it (an older app's, or
   * altered): only what is of the payload's shape and of this record, else null (nothing to restore).
   */
  parse: (stored: unknown) => P | null;
  apply: (payload: P | null) => void;
  /** The review is stored on the server: the draft is cleared and nothing is unsaved any more. */
  done?: boolean;
  store?: DraftStore;
}

export interface ReviewDraft {
  /** The stored draft is still being read: show nothing editable yet. */
  loading: boolean;
  /**
   * The first read, as the screen opens: there is nothing to show yet. A later read (the draft of another key, once
   * the viewer is assigned on the open screen) keeps the screen in place, with nothing editable until it is in.
   */
  opening: boolean;
  notice: DraftNotice;
  restore: () => void;
  discard: () => void;
  /** There is work the server does not have (the leave guard asks). */
  unsaved: boolean;
}

type DraftActor = { send(event: DraftEvent): void; getSnapshot(): { status: string } };

/** Asks the draft to write what is pending now; a draft its owner already stopped (the car review's child, once the review is submitted) has nothing to write. */
function flushDraft(draft: DraftActor | null | undefined): void {
  if (draft?.getSnapshot().status === 'active') draft.send({ type: 'FLUSH' });
}

/**
 * Writes a pending draft at once when the page goes away or out of sight (beforeunload, pagehide, a hidden tab), or
 * the screen does (another route, or the screen failed and its error boundary took its place): a change made in the
 * last DRAFT_DELAY_MS before a reload, a closed tab or a link is kept too.
 */
export function useFlushDraftOnHide(draft: DraftActor | null | undefined): void {
  // A layout effect's cleanup: on unmount it runs before the passive cleanups that stop the draft's actor.
  useLayoutEffect(() => () => flushDraft(draft), [draft]);
  useEffect(() => {
    if (!draft) return;
    const flush = () => flushDraft(draft);
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    // beforeunload too: it comes first, and while the leave prompt waits the write has time to land.
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [draft]);
}

export function useReviewDraft<P>({ draftKey, version, payload, parse, apply, done = false, store = indexedDbDrafts }: ReviewDraftOptions<P>): ReviewDraft {
  /** The draft last handed over held nothing of the payload's shape: it is dropped, not shown as restored. */
  const restoredNothing = useRef(false);
  const take = (stored: unknown) => {
    const parsed = stored === null ? null : parse(stored);
    restoredNothing.current = stored !== null && parsed === null;
    apply(parsed);
  };
  const handOver = useRef(take);
  useEffect(() => {
    handOver.current = take;
  });
  const actor = useActorRef(
    draftMachine.provide({ actors: draftActors(store), actions: { handOver: (_, params) => handOver.current(params.payload) } }),
    { input: { key: draftKey, version } },
  );
  useFlushDraftOnHide(actor);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  // Set in render (React's pattern for state derived from earlier renders): the render that ends the first read says so.
  const [opened, setOpened] = useState(!loading);
  if (!loading && !opened) setOpened(true);
  const notice = useSelector(actor, (s) => s.context.notice);
  const submitted = useSelector(actor, (s) => s.hasTag('submitted'));
  // Before the bar is painted: DISCARD clears the store and the notice.
  useLayoutEffect(() => {
    if (notice !== 'restored' || !restoredNothing.current) return;
    restoredNothing.current = false;
    actor.send({ type: 'DISCARD' });
  }, [actor, notice]);

  // The payload shown when the draft was read is the baseline, not a change: an offered draft stays stored until
  // the reviewer does something.
  const sent = useRef<{ payload: P | null } | null>(null);
  // The machine took its key and version when it started; a change while the screen stays open (the bike assigned to
  // the reviewer) is told to it. The baseline stays: whatever differs from it once the new key's draft is read is a
  // change to keep.
  const identity = useRef({ key: draftKey, version });
  useEffect(() => {
    if (identity.current.key === draftKey && identity.current.version === version) return;
    identity.current = { key: draftKey, version };
    actor.send({ type: 'IDENTITY', key: draftKey, version });
  }, [actor, draftKey, version]);
  useEffect(() => {
    if (loading) return;
    if (sent.current === null) sent.current = { payload };
    else if (sent.current.payload !== payload) {
      sent.current = { payload };
      actor.send({ type: 'CHANGE', payload });
    }
  }, [actor, loading, payload]);

  useEffect(() => {
    if (done) actor.send({ type: 'SUBMITTED' });
  }, [actor, done]);

  const actions = useMemo(
    () => ({
      restore: () => actor.send({ type: 'RESTORE' }),
      discard: () => actor.send({ type: 'DISCARD' }),
    }),
    [actor],
  );
  return { loading, opening: loading && !opened, notice, ...actions, unsaved: payload !== null && !submitted && !done };
}
