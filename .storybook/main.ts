import type { StorybookConfig } from '@storybook/react-vite';

// Written by hand (TOOLCHAIN.md: no `storybook init`, no `storybook add`, which would download a browser).
// Stories live in stories/. Docs pages read each component's props from its TypeScript types (react-docgen).
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
  // ajv is reached only through the config studio's stories (the server's checks, run on the fixtures): Vite would
  // discover it mid-run and reload the page, failing the stories running at that moment.
  viteFinal: (vite) => ({ ...vite, optimizeDeps: { ...vite.optimizeDeps, include: [...(vite.optimizeDeps?.include ?? []), 'ajv'] } }),
};

export default config;
