import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../-components/screen-placeholder";

export const Route = createFileRoute("/_public/forgot-password")({ component: ForgotPasswordScreen });

function ForgotPasswordScreen() {
  return (
    <ScreenPlaceholder title="Forgot your password?">
      Tell us your email address and we will send you a code to choose a new one.
    </ScreenPlaceholder>
  );
}
