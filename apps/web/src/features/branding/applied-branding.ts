import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { brandingOptions } from "./queries";

/** The branding when the workspace's plan applies it (the server decides: `applied`), else undefined. */
export function useAppliedBranding() {
  const { data } = useQuery(brandingOptions());
  return data?.applied ? data : undefined;
}

/**
 * Puts the workspace's accent on the document root as the theme's primary colour, its text colour and the focus
 * ring, in both colour modes (an inline style wins over `.dark`), so dialogs in portals take it too. Removed again
 * when it stops applying (a downgrade, signing out).
 */
export function useAccentOnRoot() {
  const branding = useAppliedBranding();
  const accent = branding?.accentColor;
  const text = branding?.accentForeground;
  useEffect(() => {
    if (!accent || !text) return;
    const root = document.documentElement;
    const tokens = { "--primary": accent, "--primary-foreground": text, "--ring": accent };
    for (const [name, value] of Object.entries(tokens)) root.style.setProperty(name, value);
    root.dataset.branded = "";
    return () => {
      for (const name of Object.keys(tokens)) root.style.removeProperty(name);
      delete root.dataset.branded;
    };
  }, [accent, text]);
}
