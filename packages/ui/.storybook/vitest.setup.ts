/// <reference types="@vitest/browser-playwright" />
/*
 * Every story is also a visual test (`npm run test:visual`). After a story has rendered and its play function and
 * axe have passed, its root element is compared with the committed baseline in light mode, then `.dark` is toggled
 * on <html> (as the app's theme switch does) and compared again: one render, two screenshots. The baselines and the
 * tolerance are set in vitest.config.ts; `npm run test:visual -- --update` rewrites the baselines.
 */
import { afterEach, expect } from "vitest";
import { cdp } from "vitest/browser";
import { STORY_ROOT_ATTRIBUTE } from "./story-root";

type ColourMode = "light" | "dark";

// Caret blink, hover transitions and Radix's open/close animations would make two screenshots of one state differ:
// Playwright freezes CSS animations for the screenshot, transitions and the caret need this rule. A picture of the
// page is the whole viewport, even when everything in it is fixed-position or gone.
const stillStyle = Object.assign(document.createElement("style"), {
  textContent: [
    "*, *::before, *::after { transition: none !important; caret-color: transparent !important; }",
    "html { min-height: 100vh; }",
  ].join("\n"),
});

afterEach(async (context) => {
  const { storyId } = context.task.meta as { storyId?: string };
  // Only story tests, and only those that passed: a failed play function already says what is wrong.
  if (!storyId || context.task.result?.state === "fail") return;
  const root = document.querySelector<HTMLElement>(`[${STORY_ROOT_ATTRIBUTE}]`);
  if (!root) throw new Error(`${storyId}: no element with ${STORY_ROOT_ATTRIBUTE} (preview.tsx's decorator)`);

  document.head.append(stillStyle);
  // Reduced motion only for the pictures (the play functions ran with motion, as users see it): the charts then
  // redraw without their spring animations (use-chart-animation.ts), so no screenshot catches a bar half-grown.
  await emulateReducedMotion(true);
  const html = document.documentElement;
  const initial: ColourMode = html.classList.contains("dark") ? "dark" : "light";
  try {
    await document.fonts.ready;
    for (const mode of [initial, initial === "light" ? "dark" : "light"] as const) {
      html.classList.toggle("dark", mode === "dark");
      await nextFrames(); // charts re-read their colours when the class changes (use-chart-theme.ts)
      // An open dialog, menu or toast is portalled out of the story's root, and a story that ends with its
      // content dismissed leaves an empty root (which Playwright would wait for in vain): then the page is the picture.
      const target = hasPortalledContent(root) || isEmpty(root) ? html : root;
      // Plain expect, not expect.element: that one would retry a mismatch until the hook times out, and print
      // "Hook timed out" instead of the paths of the reference, actual and diff pictures.
      await expect(target).toMatchScreenshot(`${mode}/${storyId}`);
    }
  } finally {
    html.classList.toggle("dark", initial === "dark");
    stillStyle.remove();
    await emulateReducedMotion(false);
  }
});

/**
 * Something visible rendered into <body> outside the story's root (Radix portals), Storybook's own parts aside.
 * Visually hidden live regions (a toast's announcement, 1 px and clipped, there for a moment) do not count: they
 * would make the choice between root and page depend on timing.
 */
function hasPortalledContent(root: HTMLElement): boolean {
  return [...document.body.children].some((element) => {
    if (element === root || !(element instanceof HTMLElement) || element.classList.contains("sb-wrapper"))
      return false;
    const { width, height } = element.getBoundingClientRect();
    return width > 1 && height > 1 && element.checkVisibility();
  });
}

function isEmpty(element: HTMLElement): boolean {
  const { width, height } = element.getBoundingClientRect();
  return width === 0 || height === 0;
}

function emulateReducedMotion(reduce: boolean): Promise<unknown> {
  return cdp().send("Emulation.setEmulatedMedia", {
    features: [{ name: "prefers-reduced-motion", value: reduce ? "reduce" : "" }],
  });
}

function nextFrames(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
