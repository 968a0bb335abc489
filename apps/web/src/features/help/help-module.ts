import type { HelpModule } from "@brandscope/ui/help-panel";

/** The help filter for a page: its module (/audience/… → audience), else 'all' (dashboard, profile…). */
export function helpModuleForPath(pathname: string): HelpModule {
  const first = pathname.split("/").find(Boolean);
  switch (first) {
    case "content":
    case "competitor":
    case "audience":
    case "influencer":
    case "intent":
      return first;
    default:
      return "all";
  }
}
