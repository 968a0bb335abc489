import { applyStoredColorMode } from "./color-mode";

/*
 * Imported for its effect by the signed-in layout (routes/_app/-components/main-nav.tsx): puts the stored colour mode on <html>
 * as soon as the layout's chunk runs, while the router may still be loading the page's data (a pending screen
 * then already shows in the right mode), and before the layout first renders.
 */
applyStoredColorMode();
