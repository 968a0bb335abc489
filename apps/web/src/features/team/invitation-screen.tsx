import type { components, User } from "@brandscope/api-client";
import { Button } from "@brandscope/ui/button";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { forgetInvitation, INVITATION_PATH, rememberInvitation } from "~/features/auth/paths";
import { brandOptions } from "~/features/modules/queries";
import { meOptions } from "~/features/user/queries";
import { ButtonLink } from "~/lib/link";
import { notify } from "~/lib/notify";
import { FormProblem, isApiError } from "~/lib/problem";
import { useSignOut } from "~/lib/sign-out";
import { useAcceptInvitationMutation } from "./mutations";
import { invitationPreviewOptions } from "./queries";

type Preview = components["schemas"]["InvitationPreview"];

/** What the join screen shows of an invitation: from the link's preview, or from the account's pending one. */
type Invited = Pick<Preview, "workspaceName" | "inviterName" | "email">;

/**
 * What an invitation link opens (/invitation?token=…). Signed out: the token is kept for this tab and the
 * visitor signs in or signs up (the sign-up keeps it on the account); sign-in brings them back here. Signed in:
 * they join, after being told what happens to a workspace of their own. Without a token, a signed-in account that
 * signed up from an invitation (in another tab, say) joins that one.
 */
export function InvitationScreen({ token, signedIn }: { token: string | undefined; signedIn: boolean }) {
  // Kept across sign-in, sign-up and its confirmation (which may happen in this tab a while later).
  useEffect(() => {
    if (token) rememberInvitation(token);
  }, [token]);

  if (!token && signedIn) return <InvitedAtSignUp />;
  if (!token) return <NoInvitation title="This invitation link is incomplete" signedIn={false} />;
  return <Invitation token={token} signedIn={signedIn} />;
}

function NoInvitation({ title, signedIn }: { title: string; signedIn: boolean }) {
  return (
    <Frame title={title}>
      <p className="text-muted-foreground">
        Open the link from the invitation e-mail again, or ask the workspace owner to resend it.
      </p>
      <div>
        <ButtonLink to={signedIn ? "/dashboard" : "/sign-in"} emphasis="secondary">
          {signedIn ? "Go to Brandscope" : "Go to sign in"}
        </ButtonLink>
      </div>
    </Frame>
  );
}

const endedInvitation: Record<Exclude<Preview["status"], "pending">, { title: string; text: string }> = {
  expired: {
    title: "This invitation has expired",
    text: "Invitation links are valid for 7 days. Ask the workspace owner to send it again.",
  },
  used: {
    title: "This invitation has already been used",
    text: "Each link works only once. If you joined already, sign in to see the workspace.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "The workspace owner withdrew it. Ask them for a new invitation if you should join.",
  },
};

/** The link's preview first: who invites, to which workspace, which address; then sign-in or joining. */
/** The invitation the account signed up with, kept by the server: joined by its id. */
function InvitedAtSignUp() {
  const me = useQuery(meOptions());
  if (me.isPending) {
    return (
      <div role="status" aria-label="Loading your account">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const pending = me.data?.pendingInvitation;
  if (!pending) return <NoInvitation title="No invitation is waiting for you" signedIn />;
  return <JoinWorkspace invitation={{ invitationId: pending.id }} preview={pending} />;
}

function Invitation({ token, signedIn }: { token: string; signedIn: boolean }) {
  const preview = useQuery(invitationPreviewOptions(token));
  useEffect(() => {
    if (preview.isError || (preview.data && preview.data.status !== "pending")) forgetInvitation();
  }, [preview.isError, preview.data]);

  if (preview.isPending) {
    return (
      <div role="status" aria-label="Loading the invitation">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (preview.isError || preview.data.status !== "pending") {
    const ended =
      preview.data && preview.data.status !== "pending" ? endedInvitation[preview.data.status] : undefined;
    return (
      <Frame title={ended?.title ?? "This invitation link is not valid any more"}>
        <p className="text-muted-foreground">
          {ended?.text ??
            "It was replaced by a newer one or withdrawn. Open the latest invitation e-mail, or ask the workspace owner to send it again."}
        </p>
        <div>
          <ButtonLink to={signedIn ? "/dashboard" : "/sign-in"} emphasis="secondary">
            {signedIn ? "Go to Brandscope" : "Go to sign in"}
          </ButtonLink>
        </div>
      </Frame>
    );
  }
  return signedIn ? (
    <JoinWorkspace invitation={{ token }} preview={preview.data} />
  ) : (
    <SignInFirst preview={preview.data} />
  );
}

const inviterOf = (preview: Invited) => preview.inviterName ?? "The workspace owner";

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6" data-slot="invitation">
      <h2 className="text-foreground text-2xl font-semibold tracking-tight">{title}</h2>
      {children}
    </div>
  );
}

function SignInFirst({ preview }: { preview: Preview }) {
  return (
    <Frame title={`Join ${preview.workspaceName} on Brandscope`}>
      <p className="text-muted-foreground">
        {inviterOf(preview)} invited <span className="text-foreground font-medium">{preview.email}</span> to
        join {preview.workspaceName}. Sign in with that address, or create an account with it; you will come
        back here to join.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/sign-in" search={{ redirect: INVITATION_PATH }}>
          Sign in
        </ButtonLink>
        <ButtonLink to="/sign-up" emphasis="secondary">
          Create an account
        </ButtonLink>
      </div>
    </Frame>
  );
}

function JoinWorkspace({
  invitation,
  preview,
}: {
  invitation: { token: string } | { invitationId: string };
  preview: Invited;
}) {
  const router = useRouter();
  const me = useQuery(meOptions());
  const accept = useAcceptInvitationMutation();
  const signOut = useSignOut();
  const user = me.data;

  const join = () =>
    accept.mutate(invitation, {
      onSuccess: async (joined) => {
        forgetInvitation();
        notify.success(`You joined ${joined.workspace.name}.`, { id: "invitation-accepted" });
        await router.navigate({ to: "/dashboard" });
      },
      onError: (error) => {
        // A link that is used, expired or withdrawn will not work later either.
        if (isApiError(error, 410)) forgetInvitation();
      },
    });

  if (!user) {
    return (
      <div role="status" aria-label="Loading your account">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const otherAddress = user.email.toLowerCase() !== preview.email.toLowerCase();
  const wrongAccount = otherAddress || isApiError(accept.error, 403, "INVITATION_EMAIL_MISMATCH");
  const gone = isApiError(accept.error, 410);
  return (
    <Frame title={`Join ${preview.workspaceName}`}>
      <p className="text-muted-foreground">
        {inviterOf(preview)} invited you to join {preview.workspaceName}. You are signed in as{" "}
        <span className="text-foreground font-medium">{user.email}</span>. Join to see its brands and modules
        with its team.
      </p>
      {otherAddress ? (
        <p role="alert" className="text-destructive text-sm">
          This invitation was sent to {preview.email}. Sign in with that address to join.
        </p>
      ) : null}
      {user.workspace.role === "owner" ? (
        <LeavingOwnWorkspace user={user} joining={preview.workspaceName} />
      ) : (
        <LeavingAsMember user={user} />
      )}
      {accept.error ? <FormProblem error={accept.error} /> : null}
      <div className="flex flex-wrap gap-3">
        {gone ? (
          <ButtonLink to="/dashboard">Go to Brandscope</ButtonLink>
        ) : (
          <Button loading={accept.isPending} onClick={join} disabled={wrongAccount}>
            Join workspace
          </Button>
        )}
        <Button
          emphasis="secondary"
          disabled={accept.isPending}
          onClick={() => {
            // Back here once signed in with the invited address: the token stays for this tab.
            if ("token" in invitation) rememberInvitation(invitation.token);
            void signOut({ redirect: INVITATION_PATH, email: "" });
          }}
        >
          {wrongAccount ? "Sign in with another account" : "Not you? Sign out"}
        </Button>
      </div>
      {gone ? null : (
        <ButtonLink
          to="/dashboard"
          emphasis="ghost"
          className="self-start"
          // Not joining now: later sign-ins in this tab stop coming back here. The e-mail's link still works.
          onClick={() => forgetInvitation()}
        >
          Not now
        </ButtonLink>
      )}
    </Frame>
  );
}

const paidPlanRuns = (user: User) =>
  user.subscription.type !== "starter" &&
  (user.subscription.status === "active" || user.subscription.status === "payment-error");

/**
 * An owner's workspace is deleted when they join another (the server refuses when it has members or a paid plan).
 * Only a workspace with something in it is worth a warning: the one a sign-up made moments ago is empty, and its
 * new owner hears only that their account moves.
 */
function LeavingOwnWorkspace({ user, joining }: { user: User; joining: string }) {
  const brand = useQuery(brandOptions());
  const brandName = brand.data?.name;
  if (brand.isPending) return <Skeleton className="h-16 w-full" />;
  if (brand.isSuccess && !brandName && !paidPlanRuns(user)) {
    return (
      <p className="text-muted-foreground text-sm">
        Your account moves into {joining}, with its brands and modules.
      </p>
    );
  }
  return (
    <div
      role="note"
      className="border-warning/40 bg-warning/10 text-foreground rounded-md border px-4 py-3 text-sm"
    >
      <p className="font-medium">Joining deletes your own workspace, {user.workspace.name}.</p>
      <p className="text-muted-foreground mt-1">
        {brandName
          ? `Its brand ${brandName}, with its competitors and imported data, is deleted for good.`
          : "Everything in it is deleted for good."}{" "}
        Your account stays and moves into the workspace you join. A workspace with other members or a paid
        subscription cannot be left this way: remove the members or cancel the subscription first.
      </p>
    </div>
  );
}

function LeavingAsMember({ user }: { user: User }) {
  return (
    <p className="text-muted-foreground text-sm">
      You leave the workspace {user.workspace.name} and lose access to its brands.
    </p>
  );
}
