import type { Preview } from '@storybook/react-vite';
import '../src/components/theme.css';
import '../src/app/styles.css';

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // axe-core on every story; the stories test run fails on a serious or critical violation ('error' alone would
    // also fail moderate ones, the default 'todo' only warns).
    a11y: { test: 'error', options: { impactLevels: ['serious', 'critical'] } },
  },
};

export default preview;
