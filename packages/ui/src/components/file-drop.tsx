import { Upload } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";
import { Button } from "./button";

export type FileDropProps = Omit<React.ComponentProps<"div">, "onDrop" | "title"> & {
  /** What to drop, e.g. 'Drop your exports here'. */
  title: React.ReactNode;
  /** Which files are understood. */
  description?: React.ReactNode;
  /** The button that opens the file picker. */
  chooseLabel?: string;
  /** File types the picker offers (`accept`), e.g. ".csv,text/csv". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The files dropped or chosen, in order. */
  onFiles: (files: File[]) => void;
};

/**
 * A drop zone for files with a button that opens the file picker, so the keyboard and screen readers never need
 * the drag and drop. Dragging files over it highlights it; dropping or choosing hands the files to `onFiles`.
 */
export function FileDrop({
  title,
  description,
  chooseLabel = "Choose files",
  accept,
  multiple = true,
  disabled = false,
  onFiles,
  className,
  ...props
}: FileDropProps) {
  const input = React.useRef<HTMLInputElement>(null);
  const [over, setOver] = React.useState(false);
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (!disabled && files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button is the accessible way
    <div
      data-slot="file-drop"
      data-over={over ? "" : undefined}
      data-disabled={disabled ? "" : undefined}
      className={cn(
        "flex flex-col items-center justify-center gap-4 rounded-lg border-2 border-dashed px-6 py-10 text-center",
        "data-over:border-primary data-over:bg-primary/5 transition-colors",
        "data-disabled:cursor-not-allowed",
        className,
      )}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer.files);
      }}
      {...props}
    >
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground grid size-12 place-items-center rounded-full [&_svg]:size-6"
      >
        <Upload />
      </div>
      <div className="flex max-w-md flex-col gap-1.5">
        <p data-slot="file-drop-title" className="text-foreground text-base font-semibold">
          {title}
        </p>
        {description ? <p className="text-muted-foreground text-sm leading-relaxed">{description}</p> : null}
      </div>
      <Button emphasis="secondary" disabled={disabled} onClick={() => input.current?.click()}>
        {chooseLabel}
      </Button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          // The same file chosen again is a new choice.
          event.target.value = "";
        }}
      />
    </div>
  );
}

export type ProgressProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** 0–100; undefined while how far it is cannot be known (the bar moves without a value). */
  value?: number | undefined;
  /** What is in progress, e.g. 'Uploading posts.csv'. */
  label: string;
};

/** A progress bar with its name; indeterminate while `value` is undefined. */
export function Progress({ value, label, className, ...props }: ProgressProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === undefined ? undefined : Math.round(value)}
      data-slot="progress"
      className={cn("bg-muted relative h-2 w-full overflow-hidden rounded-full", className)}
      {...props}
    >
      <div
        className={cn(
          "bg-primary h-full rounded-full transition-[width]",
          value === undefined && "w-1/3 animate-pulse motion-reduce:animate-none",
        )}
        style={value === undefined ? undefined : { width: `${Math.max(0, Math.min(100, value))}%` }}
      />
    </div>
  );
}
