/**
 * jsdom has no layout: give scroll containers a height so the virtualizer has a window to fill,
 * and a ResizeObserver that does nothing. Returns a function that undoes both.
 */
export function fakeLayout(viewportHeight = 440): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return (this as HTMLElement).dataset.testid === 'inspection-scroll' ? viewportHeight : 0;
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
    if (!hadObserver) delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  };
}
