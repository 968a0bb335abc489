import { type ClassValue, clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// theme.css adds a named stacking level; without this, `z-10` and `z-tooltip` would both survive a merge.
const twMerge = extendTailwindMerge({ extend: { classGroups: { z: [{ z: ["tooltip"] }] } } });

/** Joins class names; on Tailwind conflicts the later class wins, so a caller's `className` overrides ours. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
