import { Button, type ButtonProps } from "@brandscope/ui/button";
import { PasswordField, type PasswordFieldProps } from "@brandscope/ui/password-field";
import { TextField, type TextFieldProps } from "@brandscope/ui/text-field";
import { createFormHook, createFormHookContexts, useStore } from "@tanstack/react-form";
import type * as React from "react";

/*
 * TanStack Form bound to the ui Field parts (docs/architecture.md "The web app"). Every form of the app follows
 * docs/product.md §5 through these bindings:
 * - validation runs on change and on blur: forms pass their zod schema as `validators.onChange`, and leaving a
 *   field runs that same validator again, so an untouched required field gets its error too (one error source,
 *   never a stale blur error next to a fresh change result);
 * - an error shows only once the field is touched: the user left it, or tried to submit the form.
 * Fields that only some screens use join with `extendForm` where they are used (the pin in lib/pin-form.tsx, the
 * selects on the profile), so the sign-in route's bundle, which has a 150 KB budget, does not carry them.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** docs/product.md §5's "touched": the user has left the field, or has tried to submit the form. */
export function useFieldState() {
  const field = useFieldContext<unknown>();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const meta = field.state.meta;
  return {
    field,
    error: meta.errors,
    touched: meta.isBlurred || submitted,
    onBlur: () => {
      field.handleBlur();
      void field.validate("change");
    },
  };
}

export type BoundProps<P> = Omit<
  P,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "error" | "touched"
>;

function TextInput(props: BoundProps<TextFieldProps>) {
  const { field, error, touched, onBlur } = useFieldState();
  return (
    <TextField
      name={field.name}
      value={String(field.state.value ?? "")}
      onChange={(event) => field.handleChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      touched={touched}
      {...props}
    />
  );
}

function PasswordInput(props: BoundProps<PasswordFieldProps>) {
  const { field, error, touched, onBlur } = useFieldState();
  return (
    <PasswordField
      name={field.name}
      value={String(field.state.value ?? "")}
      onChange={(event) => field.handleChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      touched={touched}
      {...props}
    />
  );
}

/**
 * The form element: no browser validation bubbles (ours follow docs/product.md §5), and no second submit while one
 * runs.
 */
export function Form({ children, className, ...props }: Omit<React.ComponentProps<"form">, "onSubmit">) {
  const form = useFormContext();
  return (
    <form
      noValidate
      className={className ?? "flex flex-col gap-5"}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (form.state.isSubmitting) return;
        void form.handleSubmit();
      }}
      {...props}
    >
      {children}
    </form>
  );
}

/** Submits its form; shows a spinner while the submit runs and takes no second click. */
export function SubmitButton({ children, ...props }: Omit<ButtonProps, "type" | "loading">) {
  const form = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}

export const { useAppForm, withForm, extendForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextInput, PasswordInput },
  formComponents: { Form, SubmitButton },
});
