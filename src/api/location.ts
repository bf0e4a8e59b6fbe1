/**
 * The browser navigations that leave the single-page app (full reload to /login, page reload).
 * Kept behind one object so component tests can replace them: jsdom cannot navigate documents.
 */
export const browserLocation = {
  pathname: (): string => window.location.pathname,
  assign: (url: string): void => window.location.assign(url),
  reload: (): void => window.location.reload(),
};
