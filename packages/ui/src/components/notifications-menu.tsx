import * as React from "react";
import { type MenuHandoff, standInMenuHandlers } from "../lib/menu-handoff";
import { useOnDemand } from "../lib/use-on-demand";
import {
  type NotificationsMenuProps,
  TriggerContent,
  triggerClassName,
  triggerLabel,
} from "./notifications-menu/parts";

export type { NotificationGroup, NotificationItem, NotificationsMenuProps } from "./notifications-menu/parts";
export { GROUP_FROM } from "./notifications-menu/parts";

// The menu's code (Radix DropdownMenu, its positioning) comes when the button is first reached, as the user menu's.
const importDropdown = () =>
  import("./notifications-menu-dropdown").then((module) => module.NotificationsMenuDropdown);

/**
 * The notifications menu of the top bar: a bell with the member's unread count, opening the newest alerts, each a
 * link to its figure. A run in which many alerts fired is one group under a heading. 'Mark all as read' keeps the
 * menu open. The button renders at once; the menu's code loads when the pointer reaches it or it gets focus.
 */
export function NotificationsMenu(props: NotificationsMenuProps) {
  const [Dropdown, loadDropdown] = useOnDemand(importDropdown);
  const handoff = React.useRef<MenuHandoff>({ focused: false });
  React.useEffect(() => {
    if (props.open) loadDropdown();
  }, [props.open, loadDropdown]);
  if (Dropdown) return <Dropdown {...props} handoff={handoff} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-label={triggerLabel(props.unread)}
      className={triggerClassName(props.className)}
      {...standInMenuHandlers(handoff, loadDropdown)}
    >
      <TriggerContent unread={props.unread} />
    </button>
  );
}
