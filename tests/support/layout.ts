export interface FakeLayout {
  /** clientHeight of the inspection list's scroll box (data-testid inspection-scroll). */
  viewportHeight?: number;
  /**
   * Height of a review tab's row box (section.rows). The default is taller than any tab of the car config, so every
   * row of a tab is rendered, as a reviewer scrolling through it would meet it.
   */
  rowsBoxHeight?: number;
  /** Height of one rendered item of that box (jsdom's 0 would stack every item at the top). */
  rowHeight?: number;
}

/**
 * jsdom has no layout: give scroll containers a height so the virtualizers have a window to fill, and a
 * ResizeObserver that does nothing. Returns a function that undoes all of it.
 */
export function fakeLayout(options: FakeLayout | number = {}): () => void {
  const { viewportHeight = 440, rowsBoxHeight = 20_000, rowHeight = 40 } = typeof options === 'number' ? { viewportHeight: options } : options;
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      const el = this as HTMLElement;
      if (el.dataset.testid === 'inspection-scroll') return viewportHeight;
      return el.matches('section.rows') ? rowsBoxHeight : 0;
    },
  });
  const originalOffset = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() {
      return (this as HTMLElement).matches('section.rows [data-index]') ? rowHeight : 0;
    },
  });
  // react-aria's collections look items up with CSS.escape, which jsdom lacks.
  const css = ((globalThis as { CSS?: { escape?: (value: string) => string } }).CSS ??= {});
  css.escape ??= (value: string) => value.replace(/([^\w-])/g, '\\$1');
  const hadObserver = 'ResizeObserver' in globalThis;
  if (!hadObserver) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
    if (originalOffset) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', originalOffset);
    if (!hadObserver) delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  };
}
