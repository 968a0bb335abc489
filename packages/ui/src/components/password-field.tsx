import * as React from "react";
import { cn } from "../lib/cn";
import { EyeIcon, EyeOffIcon } from "../lib/inline-icons";
import { mergeRefs } from "../lib/merge-refs";
import { type FieldStateProps, LabelledField, splitFieldProps, useField } from "./field";
import { Input, type InputProps } from "./text-field";

export type PasswordInputProps = Omit<InputProps, "type"> & {
  /** Name of the toggle while the password is hidden. */
  showLabel?: string;
  /** Name of the toggle while the password is visible. */
  hideLabel?: string;
};

/**
 * A password input with a show/hide toggle. The password is hidden again whenever its form is submitted, so a
 * browser never stores it from a plain text field. `autoComplete` passes through ("current-password" by default;
 * use "new-password" on sign-up and reset forms).
 */
export function PasswordInput({
  className,
  showLabel = "Show password",
  hideLabel = "Hide password",
  autoComplete = "current-password",
  disabled,
  ref,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = React.useState(false);
  const field = useField();
  const inputId = props.id ?? field?.controlId;
  const hideOnSubmit = React.useCallback((input: HTMLInputElement | null) => {
    const form = input?.form;
    if (!form) return;
    const hide = () => setVisible(false);
    form.addEventListener("submit", hide);
    return () => form.removeEventListener("submit", hide);
  }, []);
  const inputRef = React.useMemo(() => mergeRefs(ref, hideOnSubmit), [ref, hideOnSubmit]);
  const isDisabled = disabled ?? field?.disabled;
  return (
    <div data-slot="password-input" className={cn("relative", className)}>
      <Input
        ref={inputRef}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        disabled={disabled}
        className="pr-10"
        {...props}
      />
      <button
        type="button"
        data-slot="password-input-toggle"
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={inputId}
        disabled={isDisabled}
        onClick={() => setVisible((value) => !value)}
        className={cn(
          "text-muted-foreground hover:text-foreground absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md",
          "focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]",
          "disabled:pointer-events-none disabled:opacity-60",
        )}
      >
        {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
      </button>
    </div>
  );
}

export type PasswordFieldProps = PasswordInputProps &
  FieldStateProps & {
    label: React.ReactNode;
    hint?: React.ReactNode;
    /** Classes for the input box; `className` goes to the whole field. */
    inputClassName?: string;
  };

/** A labelled password input with show/hide toggle, hint and error (shown only once touched and invalid). */
export function PasswordField({ inputClassName, ...props }: PasswordFieldProps) {
  const { field, control } = splitFieldProps(props);
  return (
    <LabelledField slot="password-field" {...field}>
      <PasswordInput className={inputClassName} disabled={field.disabled} {...control} />
    </LabelledField>
  );
}
