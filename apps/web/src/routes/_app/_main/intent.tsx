import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/intent")({ component: IntentScreen });

function IntentScreen() {
  return (
    <ScreenPlaceholder title="Intent">
      The keywords people search for around your brand, and what they cost.
    </ScreenPlaceholder>
  );
}
