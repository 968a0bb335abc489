import * as React from "react";
import { mergeRefs } from "./merge-refs";

type AnyProps = Record<string, unknown>;

function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...slot, ...child };
  for (const key of Object.keys(slot)) {
    const ours = slot[key];
    const theirs = child[key];
    // The child's handler runs first and can stop ours with preventDefault, as Radix's Slot does.
    if (/^on[A-Z]/.test(key) && typeof ours === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        const event = args[0] as { defaultPrevented?: boolean } | undefined;
        if (!event?.defaultPrevented) ours(...args);
      };
    } else if (key === "className" && theirs) {
      merged[key] = `${String(ours ?? "")} ${String(theirs)}`.trim();
    } else if (key === "style" && theirs) {
      merged[key] = { ...(ours as object), ...(theirs as object) };
    }
  }
  return merged;
}

/**
 * `asChild`: renders the one child element with this component's props merged in (classes joined, handlers
 * chained, refs combined). A few lines instead of Radix's Slot, because Button sits on the sign-in page and
 * that page's JavaScript has a budget.
 */
export function Slot({
  children,
  ref,
  ...props
}: AnyProps & { children?: React.ReactNode; ref?: React.Ref<unknown> }) {
  if (!React.isValidElement<AnyProps>(children)) return null;
  const childRef = children.props.ref as React.Ref<unknown> | undefined;
  const refs = ref && childRef ? mergeRefs(ref, childRef) : (ref ?? childRef);
  return React.cloneElement(children, {
    ...mergeProps(props, children.props),
    ...(refs ? { ref: refs } : {}),
  });
}
