import { createFileRoute, Link } from "@tanstack/react-router";
import { redirectSearchSchema } from "~/lib/redirect-search";
import { ScreenPlaceholder } from "../-components/screen-placeholder";

export const Route = createFileRoute("/_public/sign-in")({
  validateSearch: redirectSearchSchema,
  component: SignInScreen,
});

function SignInScreen() {
  return (
    <div className="flex flex-col gap-6">
      <ScreenPlaceholder title="Sign in">
        Welcome back. Sign in to see how your brand is doing.
      </ScreenPlaceholder>
      <p className="text-muted-foreground text-sm">
        New to Brandscope?{" "}
        <Link to="/sign-up" className="text-primary font-medium hover:underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
