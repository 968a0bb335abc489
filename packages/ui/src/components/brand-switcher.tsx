import { ChevronsUpDown, Plus } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from "./avatar";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

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

function BrandMark({ brand }: { brand: BrandSwitcherBrand }) {
  return (
    <Avatar size="sm" className="rounded-md" aria-hidden>
      {brand.logoUrl ? <AvatarImage src={brand.logoUrl} alt="" /> : null}
      <AvatarFallback className="rounded-md">{initialsOf(brand.name)}</AvatarFallback>
    </Avatar>
  );
}

/**
 * Which of the workspace's brands the modules show, in the top bar. With several brands (or the right to add one)
 * a menu lists them and "Add a brand"; with one brand on a one-brand plan it is just that brand, and adding is an
 * upgrade prompt beside it, so the menu is never a list of one.
 */
export function BrandSwitcher({
  brands,
  currentId,
  onSelect,
  onAdd,
  addIsUpgrade = false,
  className,
  ...props
}: BrandSwitcherProps) {
  const current = brands.find((b) => b.id === currentId) ?? brands[0];
  if (!current) return null;
  const addLabel = addIsUpgrade ? "Add a brand (Enterprise)" : "Add a brand";

  if (brands.length === 1 && (!onAdd || addIsUpgrade)) {
    return (
      <div data-slot="brand-switcher" className={cn("flex items-center gap-2", className)} {...props}>
        <span
          data-slot="brand-switcher-current"
          className="flex min-w-0 items-center gap-2 text-sm font-medium"
        >
          <BrandMark brand={current} />
          <span className="truncate">{current.name}</span>
        </span>
        {onAdd ? (
          <Button emphasis="ghost" size="sm" onClick={onAdd}>
            <Plus aria-hidden />
            {addLabel}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div data-slot="brand-switcher" className={cn("flex items-center", className)} {...props}>
      {/* Not modal, as the user menu: the page behind stays reachable, a click outside or Escape closes it. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button emphasis="ghost" className="max-w-64 gap-2 px-2">
            <BrandMark brand={current} />
            <span className="truncate">
              <span className="sr-only">Brand: </span>
              {current.name}
            </span>
            <ChevronsUpDown aria-hidden className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel className="text-muted-foreground text-xs">Brands</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={current.id}
            // The brand shown already is no change to make.
            onValueChange={(id) => id !== current.id && onSelect(id)}
          >
            {brands.map((brand) => (
              <DropdownMenuRadioItem key={brand.id} value={brand.id}>
                <BrandMark brand={brand} />
                <span className="truncate">{brand.name}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          {onAdd ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onAdd}>
                <Plus aria-hidden />
                {addLabel}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
