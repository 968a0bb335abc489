import { Check, LogOut, Monitor, Moon, Sparkles, Sun, UserPen } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { useMenuHandoffReplay } from "../lib/menu-handoff";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import type { UserMenuColorMode, UserMenuHandoff, UserMenuProps } from "./user-menu/types";
import { UserMenuTriggerContent, userMenuTriggerClassName } from "./user-menu-trigger";

const colorModeItems = [
  { value: "light", label: "Light", icon: <Sun aria-hidden="true" /> },
  { value: "dark", label: "Dark", icon: <Moon aria-hidden="true" /> },
  { value: "system", label: "System", icon: <Monitor aria-hidden="true" /> },
] as const satisfies readonly { value: UserMenuColorMode; label: string; icon: React.ReactNode }[];

export type UserMenuDropdownProps = UserMenuProps & {
  /** What the stand-in button saw before this code arrived. */
  handoff: React.RefObject<UserMenuHandoff>;
};

/**
 * The user menu itself (Radix DropdownMenu), in its own module: UserMenu loads it when its button is first
 * reached, so the menu's code is not part of every signed-in page's first load (issue 17).
 */
export function UserMenuDropdown({
  className,
  user,
  onEditProfile,
  renderEditProfileLink,
  onLogout,
  onUpgrade,
  open,
  onOpenChange,
  colorMode,
  onColorModeChange,
  handoff,
  ...props
}: UserMenuDropdownProps) {
  const trigger = React.useRef<HTMLButtonElement>(null);

  // Replaces UserMenu's stand-in button: its focus and the press that asked for the menu carry over.
  useMenuHandoffReplay(trigger, handoff);

  const editProfile = (
    <>
      <UserPen aria-hidden="true" />
      Edit profile
    </>
  );
  return (
    // Not modal: the page behind stays reachable (a click outside or Escape closes the menu), and nothing
    // outside is hidden from assistive technology while a focusable trigger sits there.
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger ref={trigger} className={userMenuTriggerClassName(className)} {...props}>
        <UserMenuTriggerContent user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent data-slot="user-menu-content" aria-label="Account">
        <DropdownMenuLabel>
          <span className="truncate font-medium">{user.name}</span>
          {user.email ? <span className="text-muted-foreground truncate text-xs">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {renderEditProfileLink ? (
          <DropdownMenuItem asChild>{renderEditProfileLink(editProfile)}</DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={onEditProfile}>{editProfile}</DropdownMenuItem>
        )}
        {onUpgrade ? (
          <DropdownMenuItem data-slot="user-menu-upgrade" onSelect={onUpgrade}>
            <Sparkles aria-hidden="true" />
            Upgrade plan
          </DropdownMenuItem>
        ) : null}
        {colorMode && onColorModeChange ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuPrimitive.RadioGroup
              data-slot="user-menu-color-mode"
              aria-label="Appearance"
              value={colorMode}
              onValueChange={(value) => onColorModeChange(value as UserMenuColorMode)}
            >
              <DropdownMenuLabel className="text-muted-foreground text-xs font-medium">
                Appearance
              </DropdownMenuLabel>
              {colorModeItems.map((item) => (
                <DropdownMenuPrimitive.RadioItem
                  key={item.value}
                  value={item.value}
                  data-slot="dropdown-menu-radio-item"
                  className={cn(
                    "relative flex h-9 cursor-default items-center gap-2 rounded-md pr-8 pl-2 text-sm outline-none select-none",
                    "focus:bg-accent focus:text-accent-foreground",
                    "[&_svg]:text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0 focus:[&_svg]:text-current",
                  )}
                >
                  {item.icon}
                  {item.label}
                  <DropdownMenuPrimitive.ItemIndicator className="absolute right-2 flex items-center">
                    <Check aria-hidden="true" />
                  </DropdownMenuPrimitive.ItemIndicator>
                </DropdownMenuPrimitive.RadioItem>
              ))}
            </DropdownMenuPrimitive.RadioGroup>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
