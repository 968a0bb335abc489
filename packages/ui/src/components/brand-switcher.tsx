import { Plus } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { type MenuHandoff, standInMenuHandlers } from "../lib/menu-handoff";
import { useOnDemand } from "../lib/use-on-demand";
import {
  BrandMark,
  type BrandSwitcherProps,
  BrandSwitcherTriggerContent,
  brandSwitcherTriggerClassName,
} from "./brand-switcher/parts";
import { Button } from "./button";

export type { BrandSwitcherBrand, BrandSwitcherProps } from "./brand-switcher/parts";

// The menu's code (Radix DropdownMenu, its positioning) comes when the button is first reached, as the user
// menu's does: not with every signed-in page (issue 17's budget for /content).
const importMenu = () => import("./brand-switcher-menu").then((module) => module.BrandSwitcherMenu);

/**
 * Which of the workspace's brands the modules show, in the top bar. With several brands (or the right to add one)
 * a menu lists them and "Add a brand"; with one brand on a one-brand plan it is just that brand, and adding is an
 * upgrade prompt beside it, so the menu is never a list of one.
 */
export function BrandSwitcher(props: BrandSwitcherProps) {
  const { brands, currentId, onSelect, onAdd, addIsUpgrade = false, className, ...rest } = props;
  const [Menu, loadMenu] = useOnDemand(importMenu);
  const handoff = React.useRef<MenuHandoff>({ focused: false });
  const current = brands.find((b) => b.id === currentId) ?? brands[0];
  if (!current) return null;

  if (brands.length === 1 && (!onAdd || addIsUpgrade)) {
    return (
      <div data-slot="brand-switcher" className={cn("flex items-center gap-2", className)} {...rest}>
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
            Add a brand (Enterprise)
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div data-slot="brand-switcher" className={cn("flex items-center", className)} {...rest}>
      {Menu ? (
        <Menu {...props} current={current} handoff={handoff} />
      ) : (
        <Button
          emphasis="ghost"
          aria-haspopup="menu"
          aria-expanded={false}
          data-state="closed"
          className={brandSwitcherTriggerClassName}
          {...standInMenuHandlers(handoff, loadMenu)}
        >
          <BrandSwitcherTriggerContent brand={current} />
        </Button>
      )}
    </div>
  );
}
