import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/styles/storybook.css";
import { STORY_ROOT_ATTRIBUTE } from "./story-root";

type ColourMode = "light" | "dark";

// The app switches modes by toggling `.dark` on <html>; stories do the same so tokens and charts react alike.
// It happens during render, not in an effect, so a story's first paint is already in its mode.
const withColourMode: Decorator = (Story, context) => {
  const mode: ColourMode = context.globals.colourMode === "dark" ? "dark" : "light";
  document.documentElement.classList.toggle("dark", mode === "dark");
  return <Story />;
};

// The visual tests screenshot the element a story renders into (Storybook's canvas in the browser, the container of
// the portable story under Vitest); the attribute names it for them.
const markStoryRoot: Decorator = (Story, context) => {
  context.canvasElement.setAttribute(STORY_ROOT_ATTRIBUTE, "");
  return <Story />;
};

const preview: Preview = {
  // Every component gets a generated docs page.
  tags: ["autodocs"],
  decorators: [withColourMode, markStoryRoot],
  globalTypes: {
    colourMode: {
      description: "Colour mode",
      toolbar: {
        title: "Colour mode",
        icon: "mirror",
        items: [
          { value: "light", title: "Light", icon: "sun" },
          { value: "dark", title: "Dark", icon: "moon" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { colourMode: "light" },
  parameters: {
    layout: "padded",
    // The page background comes from the theme tokens, so it follows the colour mode.
    backgrounds: { disabled: true },
    a11y: { test: "error" },
    viewport: {
      options: {
        narrow: { name: "Narrow (700 px)", styles: { width: "700px", height: "900px" } },
        desktop: { name: "Desktop (1200 px)", styles: { width: "1200px", height: "900px" } },
      },
    },
  },
};

export default preview;
