import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { trackImageRightClicks } from './app/analytics.ts';
import { App } from './app/App.tsx';
import { startRoute } from './app/routes.ts';
import { markLoad } from './api/load-marks.ts';
import { readSession } from './api/session.ts';
import './components/theme.css';
import './app/styles.css';

// The opened route's code and calls start before React's first render, which they would otherwise wait for.
markLoad('app started');
startRoute(location.pathname, readSession());
trackImageRightClicks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
