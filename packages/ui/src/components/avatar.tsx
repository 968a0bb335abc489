import { cva, type VariantProps } from "class-variance-authority";
import { Camera } from "lucide-react";
import { Avatar as AvatarPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";

export const avatarVariants = cva("relative flex shrink-0 overflow-hidden rounded-full select-none", {
  variants: {
    size: {
      sm: "size-7 text-xs",
      md: "size-9 text-sm",
      lg: "size-16 text-xl",
      xl: "size-24 text-3xl",
    },
  },
  defaultVariants: { size: "md" },
});

/** "Ada Lovelace" → "AL", "cher" → "C", "" → "?"; the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export type AvatarProps = React.ComponentProps<typeof AvatarPrimitive.Root> &
  VariantProps<typeof avatarVariants>;

export function Avatar({ className, size, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props} />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "bg-secondary text-secondary-foreground flex size-full items-center justify-center font-medium",
        className,
      )}
      {...props}
    />
  );
}

export type UserAvatarProps = Omit<AvatarProps, "children"> & {
  /** The person's full name: the image's alt text and the source of the initials. */
  name: string;
  /** The picture's URL; while it loads, or when it fails, the initials show. */
  src?: string | null;
  /**
   * Decorative when the name is already written beside it (a menu trigger, a table row): the image and the
   * initials are then hidden from assistive technology so the name is not read twice.
   */
  decorative?: boolean;
};

/** A person's picture, or their initials when there is none. */
export function UserAvatar({ name, src, decorative = false, ...props }: UserAvatarProps) {
  return (
    <Avatar {...props} aria-hidden={decorative || undefined}>
      {src ? <AvatarImage src={src} alt={decorative ? "" : name} /> : null}
      <AvatarFallback>
        {decorative ? (
          initialsOf(name)
        ) : (
          <>
            <span aria-hidden="true">{initialsOf(name)}</span>
            <span className="sr-only">{name}</span>
          </>
        )}
      </AvatarFallback>
    </Avatar>
  );
}

/** The picture types a profile picture may have (the API accepts the same). */
export const avatarImageTypes = ["image/png", "image/jpeg", "image/webp"] as const;

export type AvatarUploadProps = Omit<React.ComponentProps<"button">, "onClick" | "type"> & {
  /** Called with the chosen file when it is one of avatarImageTypes. */
  onFileSelected: (file: File) => void;
  /** Called instead when the chosen file has another type (a browser may let a user pick "All files"). */
  onInvalidFile?: (file: File) => void;
  /** The button's accessible name (its text when it has no children). */
  label?: string;
};

/**
 * Opens the file picker for a new profile picture. Renders a button (the caller's children, or a camera
 * icon) and a hidden file input that accepts PNG, JPEG and WebP.
 */
export function AvatarUpload({
  className,
  onFileSelected,
  onInvalidFile,
  label = "Change profile picture",
  children,
  disabled,
  ...props
}: AvatarUploadProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        data-slot="avatar-upload"
        type="button"
        aria-label={children ? undefined : label}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className={cn(
          "bg-background text-foreground border-input hover:bg-muted inline-flex items-center justify-center gap-2 rounded-full border",
          "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50",
          children ? "h-8 rounded-md px-3 text-sm font-medium" : "size-8 [&_svg]:size-4",
          className,
        )}
        {...props}
      >
        {children ?? <Camera />}
      </button>
      <input
        ref={inputRef}
        data-slot="avatar-upload-input"
        type="file"
        accept={avatarImageTypes.join(",")}
        hidden
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again still reports it.
          event.currentTarget.value = "";
          if (!file) return;
          if ((avatarImageTypes as readonly string[]).includes(file.type)) onFileSelected(file);
          else onInvalidFile?.(file);
        }}
      />
    </>
  );
}
