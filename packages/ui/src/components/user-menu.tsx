import * as React from "react";
import { useOnDemand } from "../lib/use-on-demand";
import type { UserMenuHandoff, UserMenuProps } from "./user-menu/types";
import { UserMenuTriggerContent, userMenuTriggerClassName } from "./user-menu-trigger";

export type { UserMenuColorMode, UserMenuHandoff, UserMenuProps, UserMenuUser } from "./user-menu/types";

// The menu's code (Radix DropdownMenu, its positioning) comes when the button is first reached (issue 17).
const importDropdown = () => import("./user-menu-dropdown").then((module) => module.UserMenuDropdown);
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * The account menu in the top bar: the user's avatar and name, then 'Edit profile', 'Upgrade plan' (with
 * onUpgrade) and 'Logout'. The button renders at once; the menu's code loads when the pointer reaches the button
 * or it gets focus, and a press before then opens the menu as soon as it has arrived.
 */
export function UserMenu(props: UserMenuProps) {
  // The menu's own props stay off the stand-in button; the rest are the button's.
  const {
    className,
    user,
    open,
    onEditProfile,
    renderEditProfileLink,
    onLogout,
    onUpgrade,
    onOpenChange,
    colorMode,
    onColorModeChange,
    ...buttonProps
  } = props;
  const [Dropdown, loadDropdown] = useOnDemand(importDropdown);
  const handoff = React.useRef<UserMenuHandoff>({ focused: false });

  // Opened by the caller: the menu shows once its code has arrived.
  React.useEffect(() => {
    if (open) loadDropdown();
  }, [open, loadDropdown]);

  if (Dropdown) return <Dropdown {...props} handoff={handoff} />;
  return (
    <button
      type="button"
      data-slot="user-menu-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={userMenuTriggerClassName(className)}
      {...buttonProps}
      onPointerEnter={(event) => {
        buttonProps.onPointerEnter?.(event);
        loadDropdown();
      }}
      onFocus={(event) => {
        buttonProps.onFocus?.(event);
        handoff.current.focused = true;
        loadDropdown();
      }}
      onBlur={(event) => {
        buttonProps.onBlur?.(event);
        handoff.current.focused = false;
      }}
      onPointerDown={(event) => {
        buttonProps.onPointerDown?.(event);
        if (event.button !== 0 || event.ctrlKey) return;
        handoff.current.press = "pointer";
        loadDropdown();
      }}
      onKeyDown={(event) => {
        buttonProps.onKeyDown?.(event);
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        handoff.current.press = event.key as UserMenuHandoff["press"];
        loadDropdown();
      }}
    >
      <UserMenuTriggerContent user={user} />
    </button>
  );
}
