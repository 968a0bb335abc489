import { createFileRoute, Link } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../-components/screen-placeholder";

export const Route = createFileRoute("/_public/sign-up")({ component: SignUpScreen });

function SignUpScreen() {
  return (
    <div className="flex flex-col gap-6">
      <ScreenPlaceholder title="Create your account">
        Start a 14-day free trial. No card needed.
      </ScreenPlaceholder>
      <p className="text-muted-foreground text-sm">
        Already have an account?{" "}
        <Link to="/sign-in" className="text-primary font-medium hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
