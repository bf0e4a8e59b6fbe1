import type { StorybookConfig } from '@storybook/react-vite';

// Written by hand (TOOLCHAIN.md: no `storybook init`). Stories live in stories/.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: [],
  core: { disableTelemetry: true },
};

export default config;
