import { SelectField, type SelectFieldProps } from "@brandscope/ui/select";
import { type BoundProps, extendForm, useFieldState } from "~/lib/form";

function SelectInput(props: BoundProps<SelectFieldProps>) {
  const { field, error, touched, onBlur } = useFieldState();
  return (
    <SelectField
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

/** The app's form hook with a bound select, for the checkout's address and the sales form. */
export const { useAppForm: useBillingForm } = extendForm({ fieldComponents: { SelectInput } });
