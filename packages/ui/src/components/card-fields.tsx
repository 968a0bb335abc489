import type * as React from "react";
import { cn } from "../lib/cn";
import type { FieldErrorInput } from "./field";
import { TextField } from "./text-field";

export type CardFieldName = "number" | "expiry" | "cvc";
export type CardFieldValues = Record<CardFieldName, string>;

/** "4242424242424242" → "4242 4242 4242 4242": digits only, at most 19, in groups of 4. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1229" → "12/29": digits only, at most 4; the slash appears once the year starts (so backspace works). */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Digits only, at most 4. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, "").slice(0, 4);
}

const formatters: Record<CardFieldName, (input: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

export type CardFieldsProps = Omit<React.ComponentProps<"fieldset">, "onChange"> & {
  value: CardFieldValues;
  /** Every keystroke, already formatted (groups of 4, MM/YY, digits only). */
  onValueChange: (value: CardFieldValues) => void;
  /** Each field's error; one shows only once that field is touched (docs/product.md §5). */
  errors?: Partial<Record<CardFieldName, FieldErrorInput>>;
  touched?: Partial<Record<CardFieldName, boolean>>;
  /** The user left a field. */
  onFieldBlur?: (name: CardFieldName) => void;
  /** The group's visible legend; 'Card details' by default. */
  legend?: React.ReactNode;
};

/**
 * A card form of the product's own (the sandbox payments' form, docs/decisions.md "Sandbox payments"): card number,
 * expiry (MM/YY) and CVC, formatted as typed. Which values are valid is the caller's rule; this only shows its
 * errors.
 */
export function CardFields({
  className,
  value,
  onValueChange,
  errors = {},
  touched = {},
  onFieldBlur,
  legend = "Card details",
  disabled,
  ...props
}: CardFieldsProps) {
  const bind = (name: CardFieldName) => ({
    name: `card-${name}`,
    value: value[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onValueChange({ ...value, [name]: formatters[name](event.target.value) }),
    onBlur: () => onFieldBlur?.(name),
    error: errors[name],
    touched: touched[name],
    disabled,
    inputMode: "numeric" as const,
  });
  return (
    <fieldset
      data-slot="card-fields"
      disabled={disabled}
      className={cn("flex min-w-0 flex-col gap-4", className)}
      {...props}
    >
      <legend className="text-foreground mb-4 text-base font-semibold">{legend}</legend>
      <TextField
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...bind("number")}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" {...bind("expiry")} />
        <TextField label="CVC" autoComplete="cc-csc" placeholder="123" {...bind("cvc")} />
      </div>
    </fieldset>
  );
}
