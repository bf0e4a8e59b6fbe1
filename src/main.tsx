import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { trackImageRightClicks } from './app/analytics.ts';
import { App } from './app/App.tsx';
import './components/theme.css';
import './app/styles.css';

trackImageRightClicks();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
