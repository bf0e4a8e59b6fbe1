import { liveAssignmentUrl } from './main.ts';

/** One message of the auto-assignment stream: the user's record and its status (spec 000 §4). */
export interface AutoAssignmentEvent {
  status: string;
  [key: string]: unknown;
}

/** The part of EventSource the subscription uses, so tests can hand in a fake. */
export interface EventSourceLike {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const browserEventSource: EventSourceFactory = (url) => new EventSource(url);

/**
 * Calls `onChanged` whenever the user's auto-assignment record turns 'changed' (spec 000 §4: the list reloads;
 * the server resets the record to 'pending'). Returns the unsubscribe function. Without EventSource
 * (old browsers, jsdom) it does nothing: the list still works, only without live refresh.
 */
export function subscribeAutoAssignment(
  token: string,
  onChanged: (event: AutoAssignmentEvent) => void,
  open: EventSourceFactory | null = typeof EventSource === 'undefined' ? null : browserEventSource,
): () => void {
  if (!open) return () => undefined;
  const source = open(liveAssignmentUrl(token));
  source.onmessage = (message) => {
    let event: AutoAssignmentEvent;
    try {
      event = JSON.parse(message.data) as AutoAssignmentEvent;
    } catch {
      return;
    }
    if (event?.status === 'changed') onChanged(event);
  };
  return () => source.close();
}
