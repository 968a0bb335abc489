import * as React from "react";

/**
 * Radix Dialog returns focus to its own Trigger on close. A dialog opened by something else (a SideNav
 * button, a banner's 'Upgrade', a controlled `open`) would leave focus on <body>: this remembers what had
 * focus when the dialog opened and puts focus back there. Spread the result on Dialog.Content.
 */
export function useReturnFocus<
  T extends { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void },
>(props: T) {
  const opener = React.useRef<HTMLElement | null>(null);
  const { onOpenAutoFocus, onCloseAutoFocus } = props;
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus({ preventScroll: true });
      }
      opener.current = null;
    },
  };
}
