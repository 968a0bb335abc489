import type * as React from "react";
import { cn } from "../lib/cn";
import { Field, FieldError, FieldHint, FieldLabel, type LabelledFieldLayoutProps } from "./field";

/**
 * The layout of a checkbox or a switch: the control first, its label beside it, the hint and the error under the
 * label. A control named by `aria-label` alone keeps the label's column empty. Apart from field.tsx's
 * LabelledField so that the text fields of the sign-in screen do not carry it (its 150 KB budget).
 */
export function ControlField({
  slot,
  label,
  hint,
  id,
  className,
  children,
  ...state
}: LabelledFieldLayoutProps): React.ReactNode {
  return (
    <Field
      data-slot={slot}
      controlId={id}
      className={cn("grid grid-cols-[auto_1fr] gap-x-2 gap-y-1", className)}
      {...state}
    >
      {children}
      {label ? <FieldLabel className="leading-snug">{label}</FieldLabel> : <span />}
      {hint ? <FieldHint className="col-start-2">{hint}</FieldHint> : null}
      <FieldError className="col-start-2" />
    </Field>
  );
}
