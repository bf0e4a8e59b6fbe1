import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_TTL_MS, fetchAhead, takeAhead, takeAnswerNow } from '../../src/api/cache.ts';

afterEach(() => vi.useRealTimers());

describe('calls started ahead of their screen (issue 18 Load: route preload)', () => {
  it('the screen takes the call the preload started, once; a repeated preload does not call again', async () => {
    const fetcher = vi.fn(async () => 'detail');
    fetchAhead('k1', fetcher);
    fetchAhead('k1', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await takeAhead('k1', async () => 'fresh')).toBe('detail');
    // Taken: the next screen (a reload) asks the server again.
    expect(await takeAhead('k1', async () => 'fresh')).toBe('fresh');
  });

  it(`an answer older than ${AHEAD_TTL_MS} ms is not shown; a failed one is the screen's failure`, async () => {
    vi.useFakeTimers();
    fetchAhead('k2', async () => 'old');
    vi.advanceTimersByTime(AHEAD_TTL_MS + 1);
    expect(await takeAhead('k2', async () => 'fresh')).toBe('fresh');
    fetchAhead('k3', async () => Promise.reject(new Error('offline')));
    await expect(takeAhead('k3', async () => 'fresh')).rejects.toThrow('offline');
  });

  it('an answer already in can be taken at once (a first render), once; one still on its way or too old cannot', async () => {
    let answer!: (value: string) => void;
    fetchAhead('k4', () => new Promise<string>((done) => (answer = done)));
    expect(takeAnswerNow('k4')).toBeNull();
    answer('config');
    await Promise.resolve();
    expect(takeAnswerNow('k4')).toEqual({ value: 'config' });
    expect(takeAnswerNow('k4')).toBeNull();
    expect(await takeAhead('k4', async () => 'fresh')).toBe('fresh');
    vi.useFakeTimers();
    fetchAhead('k5', async () => 'old');
    await Promise.resolve();
    vi.advanceTimersByTime(AHEAD_TTL_MS + 1);
    expect(takeAnswerNow('k5')).toBeNull();
  });
});
