// Applies the stored colour mode before the first paint (the loading screen included). A file, not an inline
// script, because the Content-Security-Policy allows no inline script. features/config/color-mode.ts takes over.
{
  let dark = false;
  try {
    const mode = JSON.parse(localStorage.getItem("config") ?? "{}")?.colorMode;
    dark = mode === "dark" || (mode === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    // A broken stored value leaves the default (light) look.
  }
  document.documentElement.classList.toggle("dark", dark);
}
