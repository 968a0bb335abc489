// Before the first paint: the stored colour mode (features/config/color-mode.ts takes over). On a prerendered page,
// the app once it has painted (apps/web/build/prerender.ts). A file: the Content-Security-Policy allows no inline script.
{
  let dark = false;
  try {
    const mode = JSON.parse(localStorage.getItem("config") ?? "{}")?.colorMode;
    dark = mode === "dark" || (mode === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    // A broken stored value leaves the default (light) look.
  }
  document.documentElement.classList.toggle("dark", dark);
  const app = document.currentScript?.dataset.app;
  const start = () => import(app);
  if (app && document.visibilityState === "hidden") start();
  else if (app) requestAnimationFrame(() => setTimeout(start));
}
