import { createFileRoute } from "@tanstack/react-router";
import { ContentScreen } from "~/features/content/content-screen";

export const Route = createFileRoute("/_app/_main/content")({
  // The figures and the first chart's code, asked for beside the session check (lib/early-screen.ts). Imported on
  // demand: what this option imports statically would sit in the entry chunk of every route.
  staticData: {
    early: (queryClient) => {
      void import("~/features/content/preload").then(({ preloadContent }) => preloadContent(queryClient));
    },
  },
  component: ContentScreen,
});
