import { preloadUpgradeModal, useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { ButtonLink } from "~/lib/link";

/**
 * Starter shows only the top 3 (plan limit, answered as `limited: true`). The button opens the upgrade modal;
 * it stays a link to the profile (where the plan is managed) for a new tab, or where no modal is mounted.
 */
export function UpgradePrompt({ message }: { message: string }) {
  const upgrade = useUpgradeModal();
  return (
    <div
      data-slot="upgrade-prompt"
      className="bg-muted/50 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-5 py-4"
    >
      <p className="text-sm">
        <span className="font-medium">Starter shows the top 3.</span>{" "}
        <span className="text-muted-foreground">Upgrade to see them all.</span>
      </p>
      <ButtonLink
        to="/user/profile"
        size="sm"
        onMouseEnter={upgrade.available ? preloadUpgradeModal : undefined}
        onClick={(event) => {
          if (!upgrade.available || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
            return;
          event.preventDefault();
          upgrade.open("pricing");
        }}
      >
        {message}
      </ButtonLink>
    </div>
  );
}
