import type { SelectFieldProps, SelectOption } from "@brandscope/ui/select";
import type { UseQueryResult } from "@tanstack/react-query";
import { problemText } from "~/lib/problem";
import type { ReferenceOption } from "../reference/queries";

/** Onboarding's forms: the app's bindings plus the select. */
export { useSelectForm as useOnboardingForm, withSelectForm as withOnboardingForm } from "~/lib/select-form";

/**
 * What a select of a reference list (GET /countries, GET /industries) shows while the list loads, once it has
 * loaded, and when it failed: then a hint says so with a way to try again, and the form keeps its values.
 */
export function referenceSelectProps(
  query: UseQueryResult<ReferenceOption[]>,
  { noun, placeholder }: { noun: string; placeholder: string },
): Pick<SelectFieldProps, "options" | "placeholder" | "disabled" | "hint"> & { options: SelectOption[] } {
  if (query.data) {
    return { options: query.data, placeholder };
  }
  if (query.isError) {
    return {
      options: [],
      placeholder: `${noun} could not be loaded`,
      disabled: true,
      hint: (
        <span className="text-destructive-strong">
          {problemText(query.error).replace(/\.$/, "")}.{" "}
          <button
            type="button"
            className="text-primary font-medium underline underline-offset-4"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </span>
      ),
    };
  }
  return { options: [], placeholder: `Loading ${noun.toLowerCase()}…`, disabled: true };
}
