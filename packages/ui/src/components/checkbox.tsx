import { cva, type VariantProps } from "class-variance-authority";
import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import { ControlField } from "./control-field";
import { type FieldStateProps, splitFieldProps, useFieldControl } from "./field";

export const checkboxVariants = cva(
  [
    "peer border-input bg-background inline-flex shrink-0 items-center justify-center rounded-sm border shadow-xs",
    "transition-[color,box-shadow] outline-none",
    // checked and indeterminate
    "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
    "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
    // focus
    "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
    // invalid
    "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
    // disabled
    "disabled:cursor-not-allowed disabled:opacity-60",
  ],
  {
    variants: {
      size: { sm: "size-4 [&_svg]:size-3", md: "size-5 [&_svg]:size-3.5" },
    },
    defaultVariants: { size: "sm" },
  },
);

export type CheckboxControlProps = React.ComponentProps<typeof CheckboxPrimitive.Root> &
  VariantProps<typeof checkboxVariants>;

/** The bare box (Radix Checkbox). Needs a name: use Checkbox, or pass `aria-label`. */
export function CheckboxControl({ className, size, ...props }: CheckboxControlProps) {
  const control = useFieldControl(props);
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(checkboxVariants({ size }), className)}
      {...control}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group/indicator flex items-center justify-center text-current"
      >
        <Check aria-hidden strokeWidth={3} className="group-data-[state=indeterminate]/indicator:hidden" />
        <Minus
          aria-hidden
          strokeWidth={3}
          className="hidden group-data-[state=indeterminate]/indicator:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A visible label, or (for a box whose context names it, e.g. a table row) an `aria-label`. Never neither. */
export type ControlLabelProps =
  | { label: React.ReactNode; "aria-label"?: string }
  | { label?: undefined; "aria-label": string };

export type CheckboxProps = Omit<CheckboxControlProps, "aria-label"> &
  FieldStateProps &
  ControlLabelProps & {
    hint?: React.ReactNode;
    /** Classes for the box; `className` goes to the whole field. */
    controlClassName?: string;
  };

/** A labelled checkbox with optional hint and error (shown only once touched and invalid). */
export function Checkbox({ controlClassName, ...props }: CheckboxProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <ControlField slot="checkbox-field" {...field} className={cn("items-start", field.className)}>
      <CheckboxControl className={cn("mt-px", controlClassName)} disabled={field.disabled} {...control} />
    </ControlField>
  );
}
