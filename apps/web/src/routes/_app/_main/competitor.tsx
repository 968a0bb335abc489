import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/competitor")({ component: CompetitorScreen });

function CompetitorScreen() {
  return (
    <ScreenPlaceholder title="Competitors">
      How your brand compares with the competitors you follow.
    </ScreenPlaceholder>
  );
}
