import { ApiError, errorMessage } from "@brandscope/api-client";
import { BrandingSettings } from "@brandscope/ui/branding-settings";
import { Button } from "@brandscope/ui/button";
import { ErrorState } from "@brandscope/ui/error-state";
import { Skeleton } from "@brandscope/ui/skeleton";
import { useQuery } from "@tanstack/react-query";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { managesWorkspace, onlyAdmins, type Role } from "~/features/team/permissions";
import { pictureProblem } from "~/features/user/mutations";
import { useRemoveLogoMutation, useSaveAccentMutation, useUploadLogoMutation } from "./mutations";
import { brandingOptions } from "./queries";

/** The server's reason for a refused colour (422: which contrast check failed and the ratio; 400: its shape). */
const accentProblem = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? errorMessage(error)) : undefined;

function UpgradeNotice() {
  const upgrade = useUpgradeModal();
  return (
    <div className="bg-muted/50 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-5 py-4">
      <p className="text-sm">
        <span className="font-medium">Custom branding comes with Professional.</span>{" "}
        <span className="text-muted-foreground">Upgrade to show your logo and colour to your team.</span>
      </p>
      {upgrade.available ? (
        <Button size="sm" onClick={() => upgrade.open("pricing")}>
          Upgrade
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The workspace's logo and accent colour (docs/decisions.md "Custom branding"): the owner and admins change them on
 * Professional and Enterprise; Starter sees them with an upgrade prompt, members with why they cannot.
 */
export function BrandingSection({ workspaceName, role }: { workspaceName: string; role: Role }) {
  const branding = useQuery(brandingOptions());
  const saveAccent = useSaveAccentMutation();
  const uploadLogo = useUploadLogoMutation();
  const removeLogo = useRemoveLogoMutation();
  if (branding.isError) {
    return (
      <ErrorState
        title="We could not load the branding"
        message={errorMessage(branding.error)}
        onRetry={() => void branding.refetch()}
        retrying={branding.isFetching}
      />
    );
  }
  if (!branding.data) return <Skeleton className="h-48 w-full" />;
  const { data } = branding;
  const lockedNotice = !data.available ? (
    managesWorkspace(role) ? (
      <UpgradeNotice />
    ) : (
      <p className="text-muted-foreground text-sm">Custom branding comes with the Professional plan.</p>
    )
  ) : !managesWorkspace(role) ? (
    <p className="text-muted-foreground text-sm">{onlyAdmins("change the branding")}</p>
  ) : undefined;
  const logoError = uploadLogo.error ?? removeLogo.error;
  return (
    <BrandingSettings
      workspaceName={workspaceName}
      logoUrl={data.logo}
      accentColor={data.accentColor}
      lockedNotice={lockedNotice}
      busy={
        uploadLogo.isPending || removeLogo.isPending ? "logo" : saveAccent.isPending ? "accent" : undefined
      }
      logoError={logoError ? pictureProblem(logoError) : undefined}
      accentError={accentProblem(saveAccent.error)}
      onLogoSelected={(file) => {
        removeLogo.reset();
        uploadLogo.mutate(file);
      }}
      onInvalidLogo={() => uploadLogo.reset()}
      onRemoveLogo={() => {
        uploadLogo.reset();
        removeLogo.mutate();
      }}
      onSaveAccent={(accentColor) => saveAccent.mutate(accentColor)}
    />
  );
}
