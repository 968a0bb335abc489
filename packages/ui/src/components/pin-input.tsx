import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { flushSync } from "react-dom";
import { cn } from "../lib/cn";
import { useControllableState } from "../lib/use-controllable-state";
import { type FieldStateProps, LabelledField, splitFieldProps, useField } from "./field";

export const pinInputBoxVariants = cva(
  [
    "border-input bg-background text-foreground rounded-md border text-center font-medium tabular-nums shadow-xs",
    "caret-primary transition-[color,box-shadow] outline-none",
    // focus
    "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
    // invalid
    "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
    // disabled
    "disabled:bg-muted disabled:cursor-not-allowed disabled:opacity-60",
  ],
  {
    variants: {
      size: { md: "size-10 text-lg", lg: "size-12 text-xl" },
    },
    defaultVariants: { size: "md" },
  },
);

const onlyDigits = (text: string) => text.replace(/\D/g, "");

export type PinInputProps = Omit<
  React.ComponentProps<"div">,
  "onChange" | "defaultValue" | "children" | "onBlur"
> &
  FieldStateProps &
  VariantProps<typeof pinInputBoxVariants> & {
    /** The group's visible label, e.g. "Confirmation code". */
    label: React.ReactNode;
    hint?: React.ReactNode;
    /** Number of digits. Default 6. */
    length?: number;
    /** The digits typed so far (controlled). */
    value?: string;
    defaultValue?: string;
    onValueChange?: (value: string) => void;
    /** Called once every box holds a digit. */
    onComplete?: (value: string) => void;
    /** Called when focus leaves the whole group (the "touched" moment for a form library). */
    onBlur?: () => void;
    /** Submits the code with a form under this name (a hidden input). */
    name?: string;
    disabled?: boolean;
    autoFocus?: boolean;
    /** The id of the first box; the label points at it. */
    id?: string;
    /** Name of each box; receives the 1-based position and the length. */
    boxLabel?: (position: number, length: number) => string;
  };

/**
 * A one-time code in separate boxes, one digit each (default 6). Digits only; typing moves to the next box,
 * Backspace goes back, arrows move, and pasting (or the phone's one-time-code autofill) of a whole code fills
 * every box. The boxes form a group named by the label; only one box is in the Tab order.
 */
export function PinInput(props: PinInputProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <LabelledField slot="pin-input-field" {...field}>
      <PinInputBoxes disabled={field.disabled} {...control} />
    </LabelledField>
  );
}

type PinInputBoxesProps = Omit<PinInputProps, "label" | "hint" | "error" | "touched" | "id">;

/** The group of boxes; reads ids and state from the surrounding Field. */
export function PinInputBoxes({
  length = 6,
  value: valueProp,
  defaultValue = "",
  onValueChange,
  onComplete,
  onBlur,
  name,
  disabled,
  autoFocus,
  size,
  boxLabel = (position, total) => `Digit ${position} of ${total}`,
  className,
  ...props
}: PinInputBoxesProps) {
  const field = useField();
  const [rawValue, setValue] = useControllableState({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const value = onlyDigits(rawValue).slice(0, length);
  const boxes = React.useRef<(HTMLInputElement | null)[]>([]);
  const isDisabled = disabled ?? field?.disabled ?? false;
  const invalid = field?.visibleError ? true : undefined;
  const describedBy =
    [field?.hasHint ? field.hintId : undefined, field?.visibleError ? field.errorId : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  // The box that takes the next digit: it is the one reached by Tab.
  const activeIndex = Math.min(value.length, length - 1);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string, focusIndex: number) => {
    const clean = onlyDigits(next).slice(0, length);
    if (clean !== value) {
      // Render the new digits now, so the box we focus next already knows them.
      flushSync(() => setValue(clean));
      if (clean.length === length) onComplete?.(clean);
    }
    focusBox(Math.min(focusIndex, clean.length, length - 1));
  };

  /** Writes digits from box `index` on, overwriting what is there. */
  const insertAt = (index: number, digits: string) => {
    const next = (value.slice(0, index) + digits + value.slice(index + digits.length)).slice(0, length);
    commit(next, index + digits.length);
  };

  const handleChange = (index: number, event: React.ChangeEvent<HTMLInputElement>) => {
    const previous = value[index] ?? "";
    let digits = onlyDigits(event.target.value);
    if (!digits) {
      // A letter was refused, or the box was cut empty.
      if (event.target.value === "") commit(value.slice(0, index) + value.slice(index + 1), index);
      return;
    }
    // Typing into a filled box with the caret beside the digit gives two digits: keep the new one.
    if (previous && digits.length === 2)
      digits = digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1);
    insertAt(digits.length === length ? 0 : index, digits);
  };

  const handlePaste = (index: number, event: React.ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData("text")).slice(0, length);
    if (!digits) return;
    // A whole code always fills from the first box, wherever it was pasted.
    insertAt(digits.length === length ? 0 : index, digits);
  };

  const handleKeyDown = (index: number, event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "Backspace": {
        event.preventDefault();
        if (value[index]) commit(value.slice(0, index) + value.slice(index + 1), index);
        else if (index > 0) commit(value.slice(0, index - 1) + value.slice(index), index - 1);
        break;
      }
      case "Delete": {
        event.preventDefault();
        commit(value.slice(0, index) + value.slice(index + 1), index);
        break;
      }
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        break;
      case "ArrowRight":
        event.preventDefault();
        focusBox(Math.min(index + 1, value.length));
        break;
      case "Home":
        event.preventDefault();
        focusBox(0);
        break;
      case "End":
        event.preventDefault();
        focusBox(value.length);
        break;
    }
  };

  const handleFocus = (index: number, event: React.FocusEvent<HTMLInputElement>) => {
    // No gaps: a click past the first empty box lands on it.
    if (index > value.length) {
      focusBox(value.length);
      return;
    }
    event.target.select();
  };

  const handleGroupBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own legend; the Field label names the group
    <div
      data-slot="pin-input"
      role="group"
      aria-labelledby={field?.labelId}
      aria-describedby={describedBy}
      className={cn("flex items-center gap-2", className)}
      onBlur={handleGroupBlur}
      {...props}
    >
      {Array.from({ length }, (_, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder
          key={index}
          ref={(node) => {
            boxes.current[index] = node;
          }}
          data-slot="pin-input-box"
          id={index === 0 ? field?.controlId : undefined}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          // biome-ignore lint/a11y/noAutofocus: opt-in, for a screen whose only task is this code
          autoFocus={autoFocus && index === activeIndex}
          aria-label={boxLabel(index + 1, length)}
          aria-invalid={invalid}
          disabled={isDisabled}
          tabIndex={index === activeIndex ? 0 : -1}
          value={value[index] ?? ""}
          onChange={(event) => handleChange(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onFocus={(event) => handleFocus(index, event)}
          className={pinInputBoxVariants({ size })}
        />
      ))}
      {name ? <input type="hidden" name={name} value={value} disabled={isDisabled} /> : null}
    </div>
  );
}
