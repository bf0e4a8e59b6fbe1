import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { trackImageRightClicks } from './app/analytics.ts';
import { App } from './app/App.tsx';
import { renderWhenScreenReady, startRoute } from './app/routes.ts';
import { markLoad } from './api/load-marks.ts';
import { readSession } from './api/session.ts';
import './components/theme.css';
import './app/styles.css';

// The opened route's code and calls start before React's first render, which they would otherwise wait for; the
// render waits for the route's code.
markLoad('app started');
const screenCode = startRoute(location.pathname, readSession());
trackImageRightClicks();

renderWhenScreenReady(screenCode, () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
