import { Check, ChevronDown, LogOut, Monitor, Moon, Sparkles, Sun, UserPen } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import { UserAvatar } from "./avatar";

/* Flat wrappers of the Radix DropdownMenu parts that the user menu needs; reusable for other menus. */

export function DropdownMenu(props: React.ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root {...props} />;
}

export function DropdownMenuTrigger(props: React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <DropdownMenuPrimitive.Trigger data-slot="dropdown-menu-trigger" {...props} />;
}

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = "end",
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        align={align}
        className={cn(
          "bg-popover text-popover-foreground z-50 min-w-52 overflow-hidden rounded-lg border p-1 shadow-md",
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      className={cn("flex flex-col px-2 py-1.5 text-sm", className)}
      {...props}
    />
  );
}

export function DropdownMenuItem({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      className={cn(
        "relative flex h-9 cursor-default items-center gap-2 rounded-md px-2 text-sm outline-none select-none",
        "focus:bg-accent focus:text-accent-foreground data-disabled:pointer-events-none data-disabled:opacity-50",
        "[&_svg]:text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0 focus:[&_svg]:text-current",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      data-slot="dropdown-menu-separator"
      className={cn("bg-border -mx-1 my-1 h-px", className)}
      {...props}
    />
  );
}

/** The colour modes the user menu offers: 'system' follows the operating system's setting. */
export type UserMenuColorMode = "light" | "dark" | "system";

const colorModeItems = [
  { value: "light", label: "Light", icon: <Sun aria-hidden="true" /> },
  { value: "dark", label: "Dark", icon: <Moon aria-hidden="true" /> },
  { value: "system", label: "System", icon: <Monitor aria-hidden="true" /> },
] as const satisfies readonly { value: UserMenuColorMode; label: string; icon: React.ReactNode }[];

export type UserMenuUser = {
  name: string;
  email?: string;
  /** The profile picture's URL; the initials show without it. */
  pictureUrl?: string | null;
};

export type UserMenuProps = Omit<React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>, "children"> & {
  user: UserMenuUser;
  /** 'Edit profile' as a callback… */
  onEditProfile?: () => void;
  /**
   * …or as a link: receives the item's content and returns ONE element that spreads the props it gets
   * (e.g. `(children) => <Link to="/user/profile">{children}</Link>`). Wins over onEditProfile.
   */
  renderEditProfileLink?: (children: React.ReactNode) => React.ReactElement;
  onLogout: () => void;
  /** With it, an 'Upgrade plan' item under 'Edit profile' (e.g. for a Starter user: opens the plans). */
  onUpgrade?: () => void;
  /** Open state, for callers that need it (e.g. tests); uncontrolled by default. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * The chosen colour mode: with it (and onColorModeChange) the menu offers Light, Dark and System as a radio
   * group under 'Appearance'. The app stores the choice and applies it.
   */
  colorMode?: UserMenuColorMode;
  onColorModeChange?: (mode: UserMenuColorMode) => void;
};

/**
 * The account menu in the top bar: the user's avatar and name, then 'Edit profile', 'Upgrade plan' (with
 * onUpgrade) and 'Logout'.
 */
export function UserMenu({
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
  ...props
}: UserMenuProps) {
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
      <DropdownMenuTrigger
        data-slot="user-menu-trigger"
        className={cn(
          "hover:bg-muted data-[state=open]:bg-muted flex h-10 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium",
          "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
          className,
        )}
        {...props}
      >
        <UserAvatar name={user.name} src={user.pictureUrl} size="sm" decorative />
        <span className="max-w-40 truncate">{user.name}</span>
        <ChevronDown className="text-muted-foreground size-4" aria-hidden="true" />
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
