import { cva, type VariantProps } from "class-variance-authority";
import { Switch as SwitchPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";
import type { ControlLabelProps } from "./checkbox";
import { ControlField } from "./control-field";
import { type FieldStateProps, splitFieldProps, useFieldControl } from "./field";

export const switchVariants = cva(
  [
    "peer inline-flex shrink-0 items-center rounded-full border-2 border-transparent shadow-xs",
    "transition-all outline-none",
    // state
    "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
    // focus
    "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]",
    // invalid
    "aria-invalid:border-destructive",
    // disabled
    "disabled:cursor-not-allowed disabled:opacity-60",
  ],
  {
    variants: {
      size: {
        sm: "h-5 w-9 [&>span]:size-4 [&>span]:data-[state=checked]:translate-x-4",
        md: "h-6 w-11 [&>span]:size-5 [&>span]:data-[state=checked]:translate-x-5",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type SwitchControlProps = React.ComponentProps<typeof SwitchPrimitive.Root> &
  VariantProps<typeof switchVariants>;

/** The bare switch (Radix Switch). Needs a name: use Switch, or pass `aria-label`. */
export function SwitchControl({ className, size, ...props }: SwitchControlProps) {
  const control = useFieldControl(props);
  return (
    <SwitchPrimitive.Root data-slot="switch" className={cn(switchVariants({ size }), className)} {...control}>
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          "bg-background pointer-events-none block rounded-full shadow-sm ring-0 transition-transform",
          "data-[state=unchecked]:translate-x-0",
          "dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground",
        )}
      />
    </SwitchPrimitive.Root>
  );
}

export type SwitchProps = Omit<SwitchControlProps, "aria-label"> &
  FieldStateProps &
  ControlLabelProps & {
    hint?: React.ReactNode;
    /** Classes for the switch; `className` goes to the whole field. */
    controlClassName?: string;
  };

/** A labelled on/off switch with optional hint and error. Its label sits after the switch. */
export function Switch({ controlClassName, ...props }: SwitchProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <ControlField slot="switch-field" {...field} className={cn("items-center", field.className)}>
      <SwitchControl className={controlClassName} disabled={field.disabled} {...control} />
    </ControlField>
  );
}
