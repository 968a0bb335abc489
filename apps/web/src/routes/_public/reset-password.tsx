import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../-components/screen-placeholder";

export const Route = createFileRoute("/_public/reset-password")({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  return (
    <ScreenPlaceholder title="Choose a new password">
      Enter the code from your email and your new password.
    </ScreenPlaceholder>
  );
}
