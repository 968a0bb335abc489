import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import { useReturnFocus } from "../lib/use-return-focus";

/** The root: holds the open state (controlled with `open` + `onOpenChange`, or uncontrolled). */
export function Modal(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root {...props} />;
}

export function ModalTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="modal-trigger" {...props} />;
}

export function ModalClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="modal-close" {...props} />;
}

export function ModalOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="modal-overlay"
      className={cn("bg-overlay fixed inset-0 z-50", className)}
      {...props}
    />
  );
}

export const modalContentVariants = cva(
  [
    "bg-background text-foreground fixed top-1/2 left-1/2 z-50 flex -translate-x-1/2 -translate-y-1/2 flex-col",
    "max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-lg border shadow-lg outline-none",
  ],
  {
    variants: {
      size: {
        /** Forms such as 'Talk to sales'. */
        medium: "max-w-xl",
        /** Side-by-side content such as the pricing cards and the checkout. */
        wide: "max-w-5xl",
      },
    },
    defaultVariants: { size: "medium" },
  },
);

export type ModalContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof modalContentVariants> & {
    /** false: a click on the overlay leaves the modal open (the close button and Escape still close it). */
    closeOnOverlayClick?: boolean;
    /** false: Escape leaves the modal open too; keep a visible way out (the close button or an action). */
    closeOnEscape?: boolean;
    /** The corner button named "Close"; on by default. */
    showCloseButton?: boolean;
  };

/**
 * The dialog itself, in a portal over an overlay. Focus moves into it on open, stays inside while it is open
 * (Tab and Shift+Tab cycle), and returns to the trigger on close. Give it a ModalTitle and a ModalDescription
 * (visually hidden with `className="sr-only"` when the content speaks for itself). Focus also returns to
 * whatever opened it when that was not a ModalTrigger (a controlled `open`).
 */
export function ModalContent({
  className,
  size,
  closeOnOverlayClick = true,
  closeOnEscape = true,
  showCloseButton = true,
  onPointerDownOutside,
  onInteractOutside,
  onEscapeKeyDown,
  onOpenAutoFocus,
  onCloseAutoFocus,
  children,
  ...props
}: ModalContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <ModalOverlay />
      <DialogPrimitive.Content
        data-slot="modal-content"
        data-size={size ?? "medium"}
        className={cn(modalContentVariants({ size }), className)}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          if (!closeOnOverlayClick) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          if (!closeOnOverlayClick) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (!closeOnEscape) event.preventDefault();
        }}
        {...returnFocus}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="modal-close-button"
            aria-label="Close"
            className={cn(
              "text-muted-foreground hover:bg-muted hover:text-foreground absolute top-3 right-3 grid size-8 place-items-center rounded-md",
              "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] [&_svg]:size-4",
            )}
          >
            <X />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function ModalHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="modal-header"
      className={cn("flex flex-col gap-1.5 px-6 pt-6 pr-12", className)}
      {...props}
    />
  );
}

export function ModalBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="modal-body" className={cn("px-6 py-4 last:pb-6", className)} {...props} />;
}

export function ModalFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="modal-footer"
      className={cn("flex flex-col-reverse gap-2 px-6 pb-6 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function ModalTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="modal-title"
      className={cn("text-foreground text-lg leading-tight font-semibold", className)}
      {...props}
    />
  );
}

export function ModalDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="modal-description"
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}
