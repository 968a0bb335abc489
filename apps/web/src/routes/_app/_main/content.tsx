import { createFileRoute } from "@tanstack/react-router";
import { ContentScreen } from "~/features/content/content-screen";

export const Route = createFileRoute("/_app/_main/content")({
  // Beside the screen's code, not after it: the figures and the first chart's code (issue 17, time to the first
  // chart). Imported on demand, as a loader's imports would otherwise sit in the entry chunk of every route.
  loader: ({ context }) => {
    void import("~/features/content/preload").then(({ preloadContent }) =>
      preloadContent(context.queryClient),
    );
  },
  component: ContentScreen,
});
