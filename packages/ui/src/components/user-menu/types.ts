/*
 * The user menu's types, apart from user-menu.tsx so that its trigger and its lazily loaded dropdown do not import
 * back from the module that loads them.
 */
import type * as React from "react";
import type { MenuHandoff } from "../../lib/menu-handoff";

/** The colour modes the user menu offers: 'system' follows the operating system's setting. */
export type UserMenuColorMode = "light" | "dark" | "system";

export type UserMenuUser = {
  name: string;
  email?: string;
  /** The profile picture's URL; the initials show without it. */
  pictureUrl?: string | null;
};

export type UserMenuProps = Omit<React.ComponentProps<"button">, "children"> & {
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

/** What the stand-in button hands the real menu: whether it had focus, and the press that asked for the menu. */
export type UserMenuHandoff = MenuHandoff;
