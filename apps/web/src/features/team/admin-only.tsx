import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { meOptions } from "~/features/user/queries";
import { useAuth } from "~/lib/auth";
import { managesWorkspace, onlyAdmins } from "./permissions";

/**
 * Whether the signed-in role may use the workspace's admin actions (brand, sources, imports, branding). The cached
 * user is the freshest (a role changed since sign-in), the session the first paint's; while neither knows the
 * role the actions stay usable: the server is the authority and refuses them anyway.
 */
export function useManagesWorkspace(): boolean {
  const { data: me } = useQuery({ ...meOptions(), enabled: false });
  const session = useAuth();
  const role = (me ?? session.user)?.workspace?.role;
  return role === undefined || managesWorkspace(role);
}

/**
 * Controls only the owner and admins may use: a member sees them disabled (a disabled fieldset disables every
 * control inside it), under why, instead of being refused by the server after trying.
 */
export function AdminOnly({ action, children }: { action: string; children: React.ReactNode }) {
  const manages = useManagesWorkspace();
  if (manages) return children;
  return (
    <>
      <p data-slot="admin-only-reason" className="text-muted-foreground text-sm">
        {onlyAdmins(action)}
      </p>
      <fieldset disabled className="contents">
        {children}
      </fieldset>
    </>
  );
}

/** A link to an admin's flow (connecting the own brand), or for a member why it is not theirs to follow. */
export function AdminLink({ action, children }: { action: string; children: React.ReactNode }) {
  const manages = useManagesWorkspace();
  return manages ? children : <p className="text-muted-foreground text-sm">{onlyAdmins(action)}</p>;
}
