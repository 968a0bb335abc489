import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/content")({ component: ContentScreen });

function ContentScreen() {
  return (
    <ScreenPlaceholder title="Content">
      What your brand publishes, where, and how it performs.
    </ScreenPlaceholder>
  );
}
