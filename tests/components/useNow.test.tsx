// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useNow } from '../../src/components/useNow.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useNow', () => {
  it('reads the time again every `every` ms, not in between', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { result } = renderHook(() => useNow(1000));
    expect(result.current).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1_001_000);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(1_003_000);
  });

  it('stops reading once unmounted, and a new period starts over', () => {
    vi.useFakeTimers({ now: 0 });
    const { result, rerender, unmount } = renderHook(({ every }) => useNow(every), { initialProps: { every: 60_000 } });
    rerender({ every: 1000 });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(1000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
