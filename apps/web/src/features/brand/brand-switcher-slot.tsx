import { BrandSwitcher } from "@brandscope/ui/brand-switcher";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { useAuth } from "~/lib/auth";
import { useCurrentBrand } from "~/lib/current-brand";
import { meOptions } from "../user/queries";
import { brandListOptions } from "./queries";
import { useSwitchBrand } from "./use-switch-brand";

/**
 * The top bar's brand switcher (issue 18): the workspace's brands with their logos; "Add a brand" opens the brand
 * form where the plan allows several, and the upgrade prompt where it allows one. Members switch but do not add.
 */
export function BrandSwitcherSlot() {
  const { data } = useQuery(brandListOptions());
  const chosen = useCurrentBrand();
  const switchBrand = useSwitchBrand();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const session = useAuth();
  const { data: me } = useQuery(meOptions());
  const role = (me ?? session.user)?.workspace?.role;
  if (!data || data.brands.length === 0) return null;
  const manages = role !== "member";
  const unlimited = data.limit === null || data.brands.length < data.limit;
  const onAdd = !manages
    ? undefined
    : unlimited
      ? () => void navigate({ to: "/brands/new", search: (prev) => prev })
      : upgrade.available
        ? () => upgrade.open("pricing")
        : undefined;
  return (
    <BrandSwitcher
      brands={data.brands.map((b) => ({ id: b.id, name: b.name, logoUrl: b.logo }))}
      currentId={chosen ?? data.brands[0]?.id}
      onSelect={(id) => switchBrand(id)}
      onAdd={onAdd}
      addIsUpgrade={!unlimited}
    />
  );
}
