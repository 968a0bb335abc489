import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { AuthScreen, authLinkClass } from "~/features/auth/auth-screen";
import { pendingInvitation } from "~/features/auth/paths";
import { SignUpForm } from "~/features/auth/sign-up-form";
import { invitationPreviewOptions } from "~/features/team/queries";

export const Route = createFileRoute("/_public/sign-up")({ component: SignUpScreen });

function SignUpScreen() {
  // Opened from an invitation link in this tab: the account is made for the invited address.
  const token = pendingInvitation();
  const preview = useQuery({ ...invitationPreviewOptions(token ?? ""), enabled: token !== undefined });
  const invited = token && preview.data?.status === "pending" ? preview.data : undefined;
  return (
    <AuthScreen
      title={invited ? `Create your account to join ${invited.workspaceName}` : "Create your account"}
      description={
        invited
          ? `With ${invited.email}, the address the invitation was sent to. You join once your e-mail is confirmed.`
          : "Start a 14-day free trial. No card needed."
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to="/sign-in" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {token && preview.isPending ? (
        <div role="status" aria-label="Loading the invitation">
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <SignUpForm invitation={invited && token ? { token, email: invited.email } : undefined} />
      )}
    </AuthScreen>
  );
}
