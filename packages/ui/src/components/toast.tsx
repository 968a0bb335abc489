import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, TriangleAlert, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";

export type ToastTone = "success" | "warning" | "error";

/* ---------------------------------------------------------------------------------------------------------
 * Parts: Radix Toast, wrapped flatly. Most callers use <Toaster /> and `toast.*` below instead.
 * Radix renders each toast as a list item inside a labelled region ("Notifications (F8)": F8 moves focus
 * there) and announces its text through a role="status" live region of its own: aria-live polite for
 * `type="background"` (success, warning), assertive for `type="foreground"` (errors, set by tone).
 * ------------------------------------------------------------------------------------------------------- */

export function ToastProvider(props: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider {...props} />;
}

export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        "fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm",
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    "bg-popover text-popover-foreground pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-11 shadow-lg",
    "[&>[data-slot=toast-icon]]:mt-0.5 [&>[data-slot=toast-icon]]:size-4 [&>[data-slot=toast-icon]]:shrink-0",
    // swipe to dismiss (Radix sets these while the pointer moves)
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)",
  ],
  {
    variants: {
      tone: {
        success: "border-success/40 [&>[data-slot=toast-icon]]:text-success",
        warning: "border-warning/50 [&>[data-slot=toast-icon]]:text-warning-strong",
        error: "border-destructive/40 [&>[data-slot=toast-icon]]:text-destructive",
      },
    },
    defaultVariants: { tone: "success" },
  },
);

const toneIcons = { success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

export type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

/** One toast: a tone icon, the caller's title/description, and a close button named "Close". */
export function Toast({ className, tone, type, children, ...props }: ToastProps) {
  const Icon = toneIcons[tone ?? "success"];
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-tone={tone ?? "success"}
      type={type ?? (tone === "error" ? "foreground" : "background")}
      className={cn(toastVariants({ tone }), className)}
      {...props}
    >
      <Icon data-slot="toast-icon" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
      <ToastClose />
    </ToastPrimitive.Root>
  );
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn("text-sm font-semibold", className)}
      {...props}
    />
  );
}

export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn("[[data-slot=toast-title]+&]:text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        "text-muted-foreground hover:bg-muted hover:text-foreground absolute top-3 right-3 grid size-7 place-items-center rounded-md",
        "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-4",
        className,
      )}
      {...props}
    >
      <X />
    </ToastPrimitive.Close>
  );
}

/* ---------------------------------------------------------------------------------------------------------
 * The imperative API: `toast.error("Could not save your brand")` from anywhere (a mutation's onError, an
 * event handler); one <Toaster /> near the app's root shows them.
 * ------------------------------------------------------------------------------------------------------- */

export type ToastOptions = {
  /** A bold first line; the message becomes the description under it. */
  title?: string;
  /** Milliseconds on screen (paused while hovered or focused). Infinity keeps it until closed. */
  duration?: number;
  /** Reuse an id to replace a toast instead of stacking a second one. */
  id?: string;
};

export type ToastItem = ToastOptions & { id: string; tone: ToastTone; message: React.ReactNode };

/** How long each tone stays by default: errors wait for the user to close them. */
export const toastDurations: Record<ToastTone, number> = {
  success: 5000,
  warning: 8000,
  error: Number.POSITIVE_INFINITY,
};

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastTone, message: React.ReactNode, options: ToastOptions = {}): string {
  counter += 1;
  const id = options.id ?? `toast-${counter}`;
  const item: ToastItem = { ...options, id, tone, message };
  publish([...items.filter((existing) => existing.id !== id), item]);
  return id;
}

export const toast = {
  success: (message: React.ReactNode, options?: ToastOptions) => show("success", message, options),
  warning: (message: React.ReactNode, options?: ToastOptions) => show("warning", message, options),
  error: (message: React.ReactNode, options?: ToastOptions) => show("error", message, options),
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => publish(id === undefined ? [] : items.filter((item) => item.id !== id)),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts on screen now; re-renders when one is added or closed. */
export function useToasts(): readonly ToastItem[] {
  return React.useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

export type ToasterProps = Omit<React.ComponentProps<typeof ToastPrimitive.Provider>, "children"> & {
  viewportClassName?: string;
};

/** Renders the toasts raised with `toast.*`. Mount one, near the root of the app. */
export function Toaster({ viewportClassName, label = "Notification", ...props }: ToasterProps) {
  const current = useToasts();
  return (
    <ToastProvider label={label} {...props}>
      {current.map((item) => (
        <Toast
          key={item.id}
          tone={item.tone}
          duration={item.duration ?? toastDurations[item.tone]}
          onOpenChange={(open) => {
            if (!open) toast.dismiss(item.id);
          }}
        >
          {item.title ? <ToastTitle>{item.title}</ToastTitle> : null}
          <ToastDescription>{item.message}</ToastDescription>
        </Toast>
      ))}
      <ToastViewport className={viewportClassName} />
    </ToastProvider>
  );
}
