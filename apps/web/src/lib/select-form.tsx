import { SelectField, type SelectFieldProps } from "@brandscope/ui/select";
import { type BoundProps, extendForm, useFieldState } from "./form";

/** A select bound to its form field, with docs/product.md §5's touched rule. */
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

/** The app's form hook plus the bound select: the profile, onboarding, the checkout's address and the sales form. */
export const { useAppForm: useSelectForm, withForm: withSelectForm } = extendForm({
  fieldComponents: { SelectInput },
});
