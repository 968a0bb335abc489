import * as React from "react";

/** What a stand-in menu button saw before the menu's code arrived: whether it had focus, and the opening press. */
export interface MenuHandoff {
  focused: boolean;
  press?: "pointer" | "Enter" | " " | "ArrowDown";
}

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * The handlers of a stand-in button whose menu's code loads when first reached (the pointer on it, focus, a press):
 * they load it and note in `handoff` what the real trigger must replay (useMenuHandoffReplay).
 */
export function standInMenuHandlers(handoff: React.RefObject<MenuHandoff>, load: () => void) {
  return {
    onPointerEnter: load,
    onFocus: () => {
      handoff.current.focused = true;
      load();
    },
    onBlur: () => {
      handoff.current.focused = false;
    },
    onPointerDown: (event: React.PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      handoff.current.press = "pointer";
      load();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      handoff.current.press = event.key as MenuHandoff["press"];
      load();
    },
  };
}

/**
 * On the real trigger that replaced the stand-in: keeps its focus and replays the press that asked for the menu,
 * so it opens as if the menu had been there all along (by keyboard, on its first item).
 */
export function useMenuHandoffReplay(
  trigger: React.RefObject<HTMLButtonElement | null>,
  handoff: React.RefObject<MenuHandoff>,
) {
  React.useEffect(() => {
    const { focused, press } = handoff.current;
    const button = trigger.current;
    if (!button) return;
    if (focused) button.focus();
    if (press === "pointer") {
      button.dispatchEvent(
        new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0, pointerType: "mouse" }),
      );
    } else if (press) {
      button.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, key: press }));
    }
  }, [trigger, handoff]);
}
