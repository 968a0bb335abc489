import { PinInput, type PinInputProps } from "@brandscope/ui/pin-input";
import { type BoundProps, extendForm, useFieldState } from "./form";

function PinField(props: BoundProps<Omit<PinInputProps, "onValueChange">>) {
  const { field, error, touched, onBlur } = useFieldState();
  return (
    <PinInput
      name={field.name}
      value={String(field.state.value ?? "")}
      onValueChange={(value) => field.handleChange(value)}
      onBlur={onBlur}
      error={error}
      touched={touched}
      {...props}
    />
  );
}

/** The app's form hook plus a 6-digit code field (confirmation and password reset). */
export const { useAppForm: usePinForm } = extendForm({ fieldComponents: { PinField } });
