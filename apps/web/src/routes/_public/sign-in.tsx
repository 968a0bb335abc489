import { createFileRoute } from "@tanstack/react-router";
import { loadSocialProviders } from "~/features/auth/queries";
import { SignInPage } from "~/features/auth/sign-in-page";
import { signInSearchSchema } from "~/lib/redirect-search";

export const Route = createFileRoute("/_public/sign-in")({
  validateSearch: signInSearchSchema,
  loader: ({ context }) => loadSocialProviders(context.queryClient),
  component: SignInScreen,
});

function SignInScreen() {
  const { redirect, email } = Route.useSearch();
  return <SignInPage email={email} redirect={redirect} socialProviders={Route.useLoaderData()} />;
}
