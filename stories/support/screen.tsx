/** Renders a routed screen as the app does: at a URL, signed in, its calls answered from fixtures. */
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import type { LoginData } from '../../src/api/session.ts';
import { Toasts } from '../../src/components/Toasts.tsx';
import { serve, signIn, type Routes as ApiRoutes } from './api.ts';

export interface ScreenArgs {
  /** The route pattern the screen is mounted on, e.g. '/inspection-version/:appointmentId'. */
  path: string;
  /** Where the story opens: a URL, or a location with the navigation state a screen reads (an edit handed over). */
  url: InitialEntry;
  screen: ReactElement;
  api: ApiRoutes;
  session: LoginData | null;
}

export function RoutedScreen({ path, url, screen, api, session }: ScreenArgs) {
  serve(api);
  signIn(session);
  return (
    <MemoryRouter initialEntries={[url]}>
      <Toasts />
      <Routes>
        <Route path={path} element={screen} />
        <Route path="*" element={<p>Navigated away</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** One page of `rows` per `page` query parameter (`size` a page), with the total, as the list calls answer. */
export function paged<T>(rows: T[], size = 50, key: 'data' = 'data') {
  return ({ params }: { params: Record<string, unknown> }) => {
    const page = Number(params.page ?? 1);
    return { [key]: rows.slice((page - 1) * size, page * size), total: rows.length };
  };
}
