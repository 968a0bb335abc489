import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  // One Storybook for the whole design system: the primitives here and the charts built on them.
  stories: ["../src/**/*.stories.@(ts|tsx)", "../../charts/src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  core: { disableTelemetry: true },
  // The package has no vite.config of its own; Storybook's builder adds neither React nor Tailwind.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), react(), tailwindcss()],
  }),
};

export default config;
