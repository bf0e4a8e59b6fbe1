/** Reading the live auto-assignment stream (server-sent events) in tests and the server bench. */
import type { AutoAssignmentRecord } from '../../../server/repos/auto-assignment.ts';

/** An open SSE connection read with fetch; every wait is bounded. */
export interface EventStream {
  status: number;
  contentType: string | null;
  /** The next `data:` message matching `accept`, or a rejection after `ms`. */
  next(accept?: (record: AutoAssignmentRecord) => boolean, ms?: number): Promise<AutoAssignmentRecord>;
  close(): void;
}

export async function openStream(url: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const queue: AutoAssignmentRecord[] = [];
  let buffer = '';
  const pull = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
      if (data) queue.push(JSON.parse(data) as AutoAssignmentRecord);
    }
  };
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async next(accept = () => true, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = queue.findIndex(accept);
        if (index >= 0) return queue.splice(index, 1)[0];
        queue.length = 0;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([pull(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no matching event in time')), left)))]).finally(() => clearTimeout(timer));
      }
    },
    close: () => abort.abort(),
  };
}
