import { ChevronDown } from "lucide-react";
import { cn } from "../lib/cn";
import { UserAvatar } from "./avatar";
import type { UserMenuUser } from "./user-menu/types";

// The look of the user menu's button, shared by UserMenu's stand-in and the Radix trigger that replaces it.

export function userMenuTriggerClassName(className?: string) {
  return cn(
    "hover:bg-muted data-[state=open]:bg-muted flex h-10 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium",
    "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
    className,
  );
}

export function UserMenuTriggerContent({ user }: { user: UserMenuUser }) {
  return (
    <>
      <UserAvatar name={user.name} src={user.pictureUrl} size="sm" decorative />
      <span className="max-w-40 truncate">{user.name}</span>
      <ChevronDown className="text-muted-foreground size-4" aria-hidden="true" />
    </>
  );
}
