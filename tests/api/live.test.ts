import { describe, expect, it, vi } from 'vitest';
import { subscribeAutoAssignment, type EventSourceLike } from '../../src/api/live.ts';

function fakeSource() {
  const opened: string[] = [];
  const source: EventSourceLike & { closed: boolean; emit: (data: string) => void } = {
    onmessage: null,
    closed: false,
    close() {
      this.closed = true;
    },
    emit(data: string) {
      this.onmessage?.({ data } as MessageEvent<string>);
    },
  };
  return { opened, source, open: (url: string) => (opened.push(url), source) };
}

describe('spec 000 §4 live auto-assignment: a record turning changed reloads the list', () => {
  it('opens the stream with the token and utm_source as query parameters (EventSource sends no headers)', () => {
    const fake = fakeSource();
    subscribeAutoAssignment('tok en', () => undefined, fake.open);
    const url = new URL(fake.opened[0], 'http://host');
    expect(url.pathname).toBe('/api/v2/live/auto-assignment');
    expect(url.searchParams.get('utm_source')).toBe('qc');
    expect(url.searchParams.get('token')).toBe('tok en');
  });

  it("calls back only for status 'changed' and ignores other or malformed messages", () => {
    const fake = fakeSource();
    const changed = vi.fn();
    subscribeAutoAssignment('t', changed, fake.open);
    fake.source.emit(JSON.stringify({ status: 'pending' }));
    fake.source.emit('not json');
    expect(changed).not.toHaveBeenCalled();
    fake.source.emit(JSON.stringify({ status: 'changed', email: 'a@qc.example' }));
    expect(changed).toHaveBeenCalledWith({ status: 'changed', email: 'a@qc.example' });
  });

  it('closes the stream on unsubscribe; without EventSource it does nothing', () => {
    const fake = fakeSource();
    const stop = subscribeAutoAssignment('t', () => undefined, fake.open);
    stop();
    expect(fake.source.closed).toBe(true);
    expect(() => subscribeAutoAssignment('t', () => undefined, null)()).not.toThrow();
  });
});
