import * as React from "react";
import { cn } from "../lib/cn";

/**
 * What a form library hands over as a field's errors: one message, a list of messages, or issue objects with a
 * `message` (TanStack Form's `field.state.meta.errors` with a Standard Schema such as zod). Empty entries are skipped.
 */
export type FieldErrorInput =
  | string
  | { readonly message?: string | undefined }
  | null
  | undefined
  | false
  | readonly FieldErrorInput[];

/**
 * The two inputs of the one rule every control follows (docs/product.md §5): an error shows below the field only
 * once the field is touched AND has an error. Pass both as the form library knows them:
 * `error={field.state.meta.errors} touched={field.state.meta.isTouched}`.
 */
export type FieldStateProps = {
  /** The field's current error(s), shown only once `touched`. */
  error?: FieldErrorInput;
  /** Whether the user has left the field (blur) or the form was submitted. */
  touched?: boolean;
};

/** The first readable message in an error input, or undefined. */
export function firstErrorMessage(error: FieldErrorInput): string | undefined {
  if (!error) return undefined;
  if (typeof error === "string") return error.trim() ? error : undefined;
  if (Array.isArray(error)) {
    for (const entry of error as readonly FieldErrorInput[]) {
      const message = firstErrorMessage(entry);
      if (message) return message;
    }
    return undefined;
  }
  const { message } = error as { message?: string };
  return message?.trim() ? message : undefined;
}

/** The message to show now: the first error, and only once touched. Undefined means "show nothing". */
export function visibleFieldError({ error, touched }: FieldStateProps): string | undefined {
  return touched ? firstErrorMessage(error) : undefined;
}

type FieldContextValue = {
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
  /** The message on screen, if any (already filtered by the touched rule). */
  visibleError: string | undefined;
  disabled: boolean;
  hasHint: boolean;
  registerHint: () => () => void;
};

const FieldContext = React.createContext<FieldContextValue | null>(null);

/** The surrounding Field's ids and state, or null outside a Field. For building a custom control. */
export function useField() {
  return React.useContext(FieldContext);
}

export type FieldProps = React.ComponentProps<"div"> &
  FieldStateProps & {
    /** The id of the control inside; generated when omitted. FieldLabel points at it. */
    controlId?: string;
    /** Disables the control inside and dims the label. */
    disabled?: boolean;
  };

/**
 * Groups a label, one control, a hint and an error, and wires them together: the control gets the ids,
 * `aria-describedby` (hint, then the visible error) and `aria-invalid` from here. Controls of this package
 * (Input, SelectTrigger, …) read it by themselves; custom controls spread `useFieldControlProps()`.
 */
export function Field({ className, controlId, error, touched, disabled = false, ...props }: FieldProps) {
  const baseId = React.useId();
  const [hintCount, setHintCount] = React.useState(0);
  const registerHint = React.useCallback(() => {
    setHintCount((count) => count + 1);
    return () => setHintCount((count) => count - 1);
  }, []);
  const visibleError = visibleFieldError({ error, touched });
  const context = React.useMemo<FieldContextValue>(
    () => ({
      controlId: controlId ?? `${baseId}-control`,
      labelId: `${baseId}-label`,
      hintId: `${baseId}-hint`,
      errorId: `${baseId}-error`,
      visibleError,
      disabled,
      hasHint: hintCount > 0,
      registerHint,
    }),
    [baseId, controlId, visibleError, disabled, hintCount, registerHint],
  );
  return (
    <FieldContext.Provider value={context}>
      <div
        data-slot="field"
        data-invalid={visibleError ? "" : undefined}
        data-disabled={disabled ? "" : undefined}
        className={cn("group/field flex flex-col gap-1.5", className)}
        {...props}
      />
    </FieldContext.Provider>
  );
}

export type FieldLabelProps = React.ComponentProps<"label">;

/** The control's visible name. Points at the Field's control; its id labels groups (PinInput). */
export function FieldLabel({ className, ...props }: FieldLabelProps) {
  const field = useField();
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: htmlFor comes from the surrounding Field
    <label
      data-slot="field-label"
      id={field?.labelId}
      htmlFor={field?.controlId}
      className={cn(
        "text-foreground text-sm leading-none font-medium select-none",
        "group-data-disabled/field:cursor-not-allowed group-data-disabled/field:opacity-60",
        className,
      )}
      {...props}
    />
  );
}

export type FieldHintProps = React.ComponentProps<"p">;

/** Help text under the control; the control is described by it. */
export function FieldHint({ className, ...props }: FieldHintProps) {
  const field = useField();
  const register = field?.registerHint;
  React.useLayoutEffect(() => register?.(), [register]);
  return (
    <p
      data-slot="field-hint"
      id={field?.hintId}
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}

export type FieldErrorProps = Omit<React.ComponentProps<"p">, "children">;

/**
 * Shows the Field's error, and only when the rule allows it (touched and invalid); renders nothing otherwise.
 * It takes no children on purpose: the message comes from Field's `error`, so no caller can bypass the rule.
 * `role="alert"` announces the message when it appears.
 */
export function FieldError({ className, ...props }: FieldErrorProps) {
  const field = useField();
  if (!field?.visibleError) return null;
  return (
    <p
      data-slot="field-error"
      id={field.errorId}
      role="alert"
      className={cn("text-destructive text-sm", className)}
      {...props}
    >
      {field.visibleError}
    </p>
  );
}

/** What every labelled field takes besides its control's own props (TextField, Select, Checkbox…). */
export type LabelledFieldProps = FieldStateProps & {
  label?: React.ReactNode;
  hint?: React.ReactNode;
  id?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
};

/** A labelled field's props in two: the field's own, and the rest for its control. */
export function splitFieldProps<P extends LabelledFieldProps>({
  label,
  hint,
  error,
  touched,
  id,
  disabled,
  className,
  ...control
}: P) {
  return { field: { label, hint, error, touched, id, disabled, className }, control };
}

export type LabelledFieldLayoutProps = LabelledFieldProps & {
  /** Names the field for styles and tests (`text-field`, `select-field`…). */
  slot: string;
  /** The control: it takes its id, label and description from the Field. */
  children: React.ReactNode;
};

/**
 * The layout of a labelled field: the label, the control, its hint, and its error once touched and invalid
 * (docs/product.md §5). Checkboxes and switches put the label beside the control instead (control-field.tsx).
 */
export function LabelledField({ slot, label, hint, id, children, ...state }: LabelledFieldLayoutProps) {
  return (
    <Field data-slot={slot} controlId={id} {...state}>
      <FieldLabel>{label}</FieldLabel>
      {children}
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError />
    </Field>
  );
}

/** The ARIA wiring a control needs inside a Field, merged with what the caller passed. */
export type FieldControlProps = {
  id?: string | undefined;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: true | undefined;
  disabled?: boolean | undefined;
};

/**
 * Props for a control inside a Field: id, `aria-describedby` (hint, visible error, then the caller's ids),
 * `aria-invalid` while the error shows, and `disabled`. The caller's own values win for id and disabled.
 * Outside a Field it returns the caller's values unchanged.
 */
type FieldControlInput = {
  id?: string | undefined;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
  disabled?: boolean | undefined;
};

/** A control's own props with the surrounding Field's wiring merged in: what the control element receives. */
export function useFieldControl<P extends FieldControlInput>({
  id,
  disabled,
  "aria-describedby": describedBy,
  "aria-invalid": ariaInvalid,
  ...rest
}: P): Omit<P, keyof FieldControlInput> & FieldControlProps {
  const control = useFieldControlProps({
    id,
    disabled,
    "aria-describedby": describedBy,
    "aria-invalid": ariaInvalid,
  });
  return { ...rest, ...control };
}

function useFieldControlProps(own: FieldControlInput): FieldControlProps {
  const field = useField();
  const describedBy = [
    field?.hasHint ? field.hintId : undefined,
    field?.visibleError ? field.errorId : undefined,
    own["aria-describedby"],
  ]
    .filter(Boolean)
    .join(" ");
  const ownInvalid = own["aria-invalid"] === true || own["aria-invalid"] === "true";
  return {
    id: own.id ?? field?.controlId,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": field?.visibleError || ownInvalid ? true : undefined,
    disabled: own.disabled ?? (field?.disabled || undefined),
  };
}
