import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  // One Storybook for the whole design system: the primitives here and the charts built on them, and the pages
  // a designer reads (docs/*.mdx: tokens, patterns, accessibility, charts, use in another product).
  stories: [
    "../docs/**/*.mdx",
    "../../charts/docs/**/*.mdx",
    "../src/**/*.stories.@(ts|tsx)",
    "../../charts/src/**/*.stories.@(ts|tsx)",
  ],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  core: { disableTelemetry: true },
  // The package has no vite.config of its own; Storybook's builder adds neither React nor Tailwind.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), react(), tailwindcss()],
    // The build is a tool for the team, not a page users load: its chunk sizes (Storybook's own iframe is over
    // 1 MB) and the plugins' share of the build time are no one's budget. Without these two notices the build
    // prints no warning at all, so a new one (a docs page that does not resolve, say) stands out.
    build: {
      ...viteConfig.build,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        ...viteConfig.build?.rolldownOptions,
        checks: { ...viteConfig.build?.rolldownOptions?.checks, bundlerTimings: false },
      },
    },
  }),
};

export default config;
