import type { Preview } from '@storybook/react-vite';
import { clear, createStore } from 'idb-keyval';
import { toast } from 'sonner';
import '../src/components/theme.css';
import '../src/app/styles.css';

/** The reviews' drafts (src/api/drafts.ts): a story never restores the edits another story made. */
const drafts = createStore('qc-review-drafts', 'drafts');

const preview: Preview = {
  // Docs pages for every story file: props tables from each component's TypeScript types (react-docgen).
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // axe-core on every story; the stories test run fails on a serious or critical violation ('error' alone would
    // also fail moderate ones, the default 'todo' only warns).
    a11y: { test: 'error', options: { impactLevels: ['serious', 'critical'] } },
  },
  // Each story starts signed out, with nothing cached, no draft and no toast left over from the story before.
  beforeEach: async () => {
    localStorage.clear();
    toast.dismiss();
    await clear(drafts);
  },
};

export default preview;
