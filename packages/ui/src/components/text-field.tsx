import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { type FieldStateProps, LabelledField, splitFieldProps, useFieldControl } from "./field";

/** The box of every text-like control (inputs, select and combobox triggers), so they line up in a form. */
export const inputVariants = cva(
  [
    "border-input bg-background text-foreground flex w-full min-w-0 rounded-md border px-3 shadow-xs",
    "placeholder:text-muted-foreground transition-[color,box-shadow] outline-none",
    // focus
    "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
    // invalid: set by Field once the error shows
    "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
    // disabled
    "disabled:bg-muted disabled:cursor-not-allowed disabled:opacity-60",
    "file:text-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium",
  ],
  {
    variants: {
      size: { sm: "h-8 text-sm", md: "h-9 text-sm", lg: "h-10 text-base" },
    },
    defaultVariants: { size: "md" },
  },
);

export type InputProps = Omit<React.ComponentProps<"input">, "size"> & VariantProps<typeof inputVariants>;

/**
 * A bare text input. Inside a Field it takes the Field's id, description and invalid state by itself.
 * Prefer TextField, which brings the label, hint and error.
 */
export function Input({ className, size, type = "text", ...props }: InputProps) {
  const control = useFieldControl(props);
  return (
    <input data-slot="input" type={type} className={cn(inputVariants({ size }), className)} {...control} />
  );
}

export type TextFieldProps = Omit<InputProps, "children"> &
  FieldStateProps & {
    /** The visible label. Every field has one. */
    label: React.ReactNode;
    /** Help text under the input. */
    hint?: React.ReactNode;
    /** Classes for the input; `className` goes to the field (label, input, hint, error) as a whole. */
    inputClassName?: string;
  };

/**
 * A labelled text input with hint and error. The error appears below it only once `touched` and `error` says
 * it is invalid (docs/product.md §5); all native input props and `ref` go to the input.
 */
export function TextField({ inputClassName, ...props }: TextFieldProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <LabelledField slot="text-field" {...field}>
      <Input className={inputClassName} disabled={field.disabled} {...control} />
    </LabelledField>
  );
}
