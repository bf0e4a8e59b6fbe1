// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { useLatest } from '../../src/components/useLatest.ts';

afterEach(cleanup);

describe('useLatest (what a machine provided once reads of the latest render)', () => {
  it('is one getter for the life of the component, answering the values of the last committed render', () => {
    const { result, rerender } = renderHook(({ value }) => useLatest(value), { initialProps: { value: { n: 1 } } });
    const getter = result.current;
    expect(getter()).toEqual({ n: 1 });
    rerender({ value: { n: 2 } });
    expect(result.current).toBe(getter);
    expect(getter()).toEqual({ n: 2 });
  });
});
