import type { StorybookConfig } from '@storybook/react-vite';

// Stories live in stories/; the per-service ones are generated from the registry (stories/generated/).
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
