import { Plus } from "lucide-react";
import * as React from "react";
import { type MenuHandoff, useMenuHandoffReplay } from "../lib/menu-handoff";
import {
  BrandMark,
  type BrandSwitcherBrand,
  type BrandSwitcherProps,
  BrandSwitcherTriggerContent,
  brandSwitcherTriggerClassName,
} from "./brand-switcher/parts";
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

export type BrandSwitcherMenuProps = BrandSwitcherProps & {
  current: BrandSwitcherBrand;
  /** What the stand-in button saw before this code arrived. */
  handoff: React.RefObject<MenuHandoff>;
};

/**
 * The brand switcher's menu (Radix DropdownMenu), in its own module: BrandSwitcher loads it when its button is
 * first reached, and the press that asked for it opens it.
 */
export function BrandSwitcherMenu({ brands, current, onSelect, onAdd, handoff }: BrandSwitcherMenuProps) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  useMenuHandoffReplay(trigger, handoff);
  return (
    // Not modal, as the user menu: the page behind stays reachable, a click outside or Escape closes it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} emphasis="ghost" className={brandSwitcherTriggerClassName}>
          <BrandSwitcherTriggerContent brand={current} />
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
              Add a brand
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
