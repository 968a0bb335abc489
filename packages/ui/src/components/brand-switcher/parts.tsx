/*
 * What the brand switcher and its lazily loaded menu share (the brand's mark, the trigger's content, the props), in
 * a module of its own so that the menu does not import back from the module that loads it.
 */
import { ChevronsUpDown } from "lucide-react";
import type * as React from "react";
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from "../avatar";

export type BrandSwitcherBrand = {
  id: string;
  name: string;
  /** The brand's logo; its initials stand in without one. */
  logoUrl?: string | null | undefined;
};

export type BrandSwitcherProps = Omit<React.ComponentProps<"div">, "onSelect"> & {
  /** The workspace's brands, in the order to list them. */
  brands: readonly BrandSwitcherBrand[];
  /** The brand the modules show. */
  currentId: string | undefined;
  onSelect: (brandId: string) => void;
  /**
   * "Add a brand": the brand form on a plan with several brands, an upgrade prompt on a one-brand plan
   * (`addIsUpgrade`). Without it nothing is offered.
   */
  onAdd?: (() => void) | undefined;
  /** The plan holds one brand: "Add a brand" says it needs an upgrade. */
  addIsUpgrade?: boolean;
};

export function BrandMark({ brand }: { brand: BrandSwitcherBrand }) {
  return (
    <Avatar size="sm" className="rounded-md" aria-hidden>
      {brand.logoUrl ? <AvatarImage src={brand.logoUrl} alt="" /> : null}
      <AvatarFallback className="rounded-md">{initialsOf(brand.name)}</AvatarFallback>
    </Avatar>
  );
}

/** The trigger's content, the same on the stand-in button and on the menu's own trigger. */
export function BrandSwitcherTriggerContent({ brand }: { brand: BrandSwitcherBrand }) {
  return (
    <>
      <BrandMark brand={brand} />
      <span className="truncate">
        <span className="sr-only">Brand: </span>
        {brand.name}
      </span>
      <ChevronsUpDown aria-hidden className="text-muted-foreground" />
    </>
  );
}

export const brandSwitcherTriggerClassName = "max-w-64 gap-2 px-2";
