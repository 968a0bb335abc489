import { LoadingScreen } from "@brandscope/ui/loading-screen";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod/mini";
import { pendingInvitation } from "~/features/auth/paths";
import { InvitationScreen } from "~/features/team/invitation-screen";
import { PublicFrame } from "./-components/public-page";

const invitationSearchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(512))), undefined),
});

// Open to everyone, signed in or not (an invitation link from an e-mail): the screen itself tells them apart.
export const Route = createFileRoute("/invitation")({
  validateSearch: invitationSearchSchema,
  loader: async ({ context }) => ({ signedIn: (await context.auth.ensureSession()) !== null }),
  pendingComponent: LoadingScreen,
  pendingMs: 200,
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useSearch();
  const { signedIn } = Route.useLoaderData();
  return (
    <PublicFrame className="max-w-lg py-16">
      {/* Back from sign-in the link's token is no longer in the address: this tab kept it. */}
      <InvitationScreen token={token ?? pendingInvitation()} signedIn={signedIn} />
    </PublicFrame>
  );
}
