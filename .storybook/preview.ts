import type { Preview } from '@storybook/react-vite';
import { toast } from 'sonner';
import '../src/components/theme.css';
import '../src/app/styles.css';

const preview: Preview = {
  // Docs pages for every story file: props tables from each component's TypeScript types (react-docgen).
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // axe-core on every story; the stories test run fails on a serious or critical violation ('error' alone would
    // also fail moderate ones, the default 'todo' only warns).
    a11y: { test: 'error', options: { impactLevels: ['serious', 'critical'] } },
  },
  // Each story starts signed out, with nothing cached and no toast left over from the story before.
  beforeEach: () => {
    localStorage.clear();
    toast.dismiss();
  },
};

export default preview;
