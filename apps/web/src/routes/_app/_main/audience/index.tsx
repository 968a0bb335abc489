import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/audience/")({ component: AudienceScreen });

function AudienceScreen() {
  return (
    <ScreenPlaceholder title="Audience">
      The personas who follow your brand and your market.
    </ScreenPlaceholder>
  );
}
