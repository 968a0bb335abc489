import { ButtonLink } from "~/lib/link";

/**
 * Starter shows only the top 3 (plan limit, answered as `limited: true`). The upgrade dialog comes later;
 * until then the button leads to the profile, where the plan is managed.
 */
export function UpgradePrompt({ message }: { message: string }) {
  return (
    <div
      data-slot="upgrade-prompt"
      className="bg-muted/50 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-5 py-4"
    >
      <p className="text-sm">
        <span className="font-medium">Starter shows the top 3.</span>{" "}
        <span className="text-muted-foreground">Upgrade to see them all.</span>
      </p>
      <ButtonLink to="/user/profile" size="sm">
        {message}
      </ButtonLink>
    </div>
  );
}
