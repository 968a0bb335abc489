import { createFileRoute } from "@tanstack/react-router";
import { ContentScreen } from "~/features/content/content-screen";
import { linkedPeriodSearch, rememberLinkedPeriod } from "~/features/modules/linked-period";

export const Route = createFileRoute("/_app/_main/content")({
  // The figures and the first chart's code, asked for beside the session check (lib/early-screen.ts). Imported on
  // demand: what this option imports statically would sit in the entry chunk of every route.
  staticData: {
    early: (queryClient) => {
      void import("~/features/content/preload").then(({ preloadContent }) => preloadContent(queryClient));
    },
  },
  // A link at a period (the weekly digest's) opens the module on it.
  validateSearch: linkedPeriodSearch,
  beforeLoad: ({ search }) => rememberLinkedPeriod("content", search),
  component: ContentScreen,
});
