import { Check, ChevronDown, ChevronUp } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { type FieldStateProps, LabelledField, splitFieldProps, useFieldControl } from "./field";
import { inputVariants } from "./text-field";

export type SelectProps = React.ComponentProps<typeof SelectPrimitive.Root>;

/** Radix Select root: a single choice from a short, known list. For long or remote lists use AsyncSelect. */
export function Select(props: SelectProps) {
  return <SelectPrimitive.Root data-slot="select" {...props} />;
}

export type SelectTriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger> & {
  size?: "sm" | "md" | "lg";
};

/** The closed select. Inside a Field it takes the Field's id, description and invalid state. */
export function SelectTrigger({ className, size, children, ...props }: SelectTriggerProps) {
  const control = useFieldControl(props);
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        inputVariants({ size }),
        "items-center justify-between gap-2 text-left whitespace-nowrap",
        "data-placeholder:text-muted-foreground [&>span]:truncate",
        className,
      )}
      {...control}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden className="size-4 shrink-0 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export type SelectValueProps = React.ComponentProps<typeof SelectPrimitive.Value>;

export function SelectValue(props: SelectValueProps) {
  return <SelectPrimitive.Value data-slot="select-value" {...props} />;
}

export type SelectContentProps = React.ComponentProps<typeof SelectPrimitive.Content>;

/** The list, in a portal, at least as wide as the trigger. */
export function SelectContent({ className, children, position = "popper", ...props }: SelectContentProps) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          "bg-popover text-popover-foreground relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border shadow-md",
          position === "popper" &&
            "w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center">
          <ChevronUp aria-hidden className="size-4" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport data-slot="select-viewport" className="max-h-72 p-1">
          {children}
        </SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center">
          <ChevronDown aria-hidden className="size-4" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export type SelectItemProps = React.ComponentProps<typeof SelectPrimitive.Item>;

export function SelectItem({ className, children, ...props }: SelectItemProps) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        "relative flex w-full cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none",
        "focus:bg-accent focus:text-accent-foreground",
        "data-disabled:pointer-events-none data-disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}

export type SelectGroupProps = React.ComponentProps<typeof SelectPrimitive.Group>;

export function SelectGroup(props: SelectGroupProps) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />;
}

export type SelectGroupLabelProps = React.ComponentProps<typeof SelectPrimitive.Label>;

export function SelectGroupLabel({ className, ...props }: SelectGroupLabelProps) {
  return (
    <SelectPrimitive.Label
      data-slot="select-group-label"
      className={cn("text-muted-foreground px-2 py-1.5 text-xs font-medium", className)}
      {...props}
    />
  );
}

export type SelectSeparatorProps = React.ComponentProps<typeof SelectPrimitive.Separator>;

export function SelectSeparator({ className, ...props }: SelectSeparatorProps) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn("bg-border -mx-1 my-1 h-px", className)}
      {...props}
    />
  );
}

export type SelectOption = {
  value: string;
  label: string;
  disabled?: boolean;
  /** Drawn before the label (e.g. a country's flag): decoration, hidden from screen readers and typeahead. */
  icon?: React.ReactNode;
};

export type SelectFieldProps = Omit<SelectProps, "children"> &
  FieldStateProps & {
    label: React.ReactNode;
    hint?: React.ReactNode;
    options: readonly SelectOption[];
    /** Shown while nothing is chosen. */
    placeholder?: string;
    /** Called when the user leaves the select: focus left the closed trigger, or the list closed. */
    onBlur?: () => void;
    id?: string;
    className?: string;
    triggerClassName?: string;
    size?: SelectTriggerProps["size"];
    ref?: React.Ref<HTMLButtonElement>;
  };

/**
 * A labelled single select (Radix Select) with hint and error. The error shows only once touched and invalid;
 * `onBlur` fires when the user leaves the field, which is what a form library counts as touched.
 */
export function SelectField({
  options,
  placeholder = "Select…",
  onBlur,
  onOpenChange,
  triggerClassName,
  size,
  ref,
  ...props
}: SelectFieldProps) {
  const { field, control: rootProps } = splitFieldProps(props);
  const open = React.useRef(false);
  return (
    <LabelledField slot="select-field" {...field}>
      <Select
        disabled={field.disabled}
        onOpenChange={(next) => {
          open.current = next;
          onOpenChange?.(next);
          if (!next) onBlur?.();
        }}
        {...rootProps}
      >
        <SelectTrigger
          ref={ref}
          size={size}
          className={triggerClassName}
          onBlur={() => {
            // Opening moves focus into the list; that is not leaving the field.
            if (!open.current) onBlur?.();
          }}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              // Typeahead matches what the option is called, not its decoration ("Germ" finds Germany).
              textValue={option.label}
            >
              {option.icon ? (
                <span data-slot="select-item-icon" aria-hidden="true" className="mr-2">
                  {option.icon}
                </span>
              ) : null}
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </LabelledField>
  );
}
