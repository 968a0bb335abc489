import type { ToastOptions } from "@brandscope/ui/toast";
import { lazy, Suspense, useSyncExternalStore } from "react";

/*
 * Toasts without their weight on first paint: Radix Toast loads with the first message, not with the sign-in
 * screen (whose JavaScript budget is 150 KB gzip). `notify.*` mirrors the ui package's `toast.*`; <Notifications />
 * mounts its <Toaster /> once there is something to show, and keeps it from then on.
 */
type Tone = "success" | "warning" | "error";

let wanted = false;
const listeners = new Set<() => void>();
const loadToast = () => import("@brandscope/ui/toast");

function show(tone: Tone, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToast().then(({ toast }) => toast[tone](message, options));
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  /** Takes away the toast with this id, e.g. once the screen it was about is left. */
  dismiss: (id: string) => {
    // Nothing was ever shown: no reason to load the toasts.
    if (wanted) void loadToast().then(({ toast }) => toast.dismiss(id));
  },
};

const Toaster = lazy(() => loadToast().then(({ Toaster }) => ({ default: Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where the toasts of every screen appear. Mount once, at the root. */
export function Notifications() {
  const active = useSyncExternalStore(subscribe, () => wanted);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
