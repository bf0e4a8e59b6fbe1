import type { Preview } from '@storybook/react-vite';
import '../src/components/theme.css';
import '../src/app/styles.css';

const preview: Preview = {
  parameters: { layout: 'padded' },
};

export default preview;
