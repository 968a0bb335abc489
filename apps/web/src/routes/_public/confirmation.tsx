import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../-components/screen-placeholder";

export const Route = createFileRoute("/_public/confirmation")({ component: ConfirmationScreen });

function ConfirmationScreen() {
  return (
    <ScreenPlaceholder title="Confirm your email">
      Enter the 6-digit code we sent to your email address.
    </ScreenPlaceholder>
  );
}
