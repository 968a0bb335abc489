import { Button } from "@brandscope/ui/button";
import { ModalBody, ModalDescription, ModalFooter, ModalHeader, ModalTitle } from "@brandscope/ui/modal";
import { useStore } from "@tanstack/react-form";
import { useQuery } from "@tanstack/react-query";
import { notify } from "~/lib/notify";
import { useSelectForm } from "~/lib/select-form";
import { industriesOptions } from "../reference/queries";
import { meOptions } from "../user/queries";
import { billingProblem } from "./checkout";
import { useContactSalesMutation } from "./mutations";
import { type SalesContactFormValues, salesCategories, salesContactSchema } from "./schemas";

export type SalesSectionProps = { onCancel: () => void; onClose: () => void };

/**
 * docs/product.md §2 "Talk to sales form": Email, Name, Company name, Your role, Sector and Category; Save is
 * disabled until the form is valid and changed. Save sends it to sales (POST /sales/contact), closes, and says so.
 */
export function SalesSection({ onCancel, onClose }: SalesSectionProps) {
  const me = useQuery(meOptions());
  const industries = useQuery(industriesOptions());
  const contact = useContactSalesMutation();
  const user = me.data;
  const form = useSelectForm({
    defaultValues: {
      email: user?.email ?? "",
      name: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
      companyName: user?.company ?? "",
      role: "",
      industry: "",
      category: "",
    } satisfies SalesContactFormValues as SalesContactFormValues,
    validators: { onChange: salesContactSchema },
    onSubmit: async ({ value }) => {
      try {
        await contact.mutateAsync(value);
        notify.success("Thank you! Our sales team will be in touch shortly.", { id: "sales-contact-sent" });
        onClose();
      } catch (error) {
        // docs/product.md §8: a closable warning toast with the error text; the form keeps what was typed.
        notify.warning(billingProblem(error), {
          id: "sales-contact-failed",
          duration: Number.POSITIVE_INFINITY,
        });
      }
    },
  });
  const canSave = useStore(
    form.store,
    (state) => state.isDirty && salesContactSchema.safeParse(state.values).success,
  );
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  return (
    <form.AppForm>
      <ModalHeader>
        <ModalTitle className="text-2xl">Talk to sales</ModalTitle>
        <ModalDescription>
          Tell us about your team and we'll get back to you within a working day.
        </ModalDescription>
      </ModalHeader>
      <form.Form aria-label="Talk to sales" className="flex flex-col">
        <ModalBody className="flex flex-col gap-4">
          <form.AppField name="email">
            {(field) => <field.TextInput label="Email" type="email" autoComplete="email" />}
          </form.AppField>
          <form.AppField name="name">
            {(field) => <field.TextInput label="Name" autoComplete="name" />}
          </form.AppField>
          <form.AppField name="companyName">
            {(field) => <field.TextInput label="Company name" autoComplete="organization" />}
          </form.AppField>
          <form.AppField name="role">
            {(field) => <field.TextInput label="Your role" autoComplete="organization-title" />}
          </form.AppField>
          <div className="grid grid-cols-2 gap-4">
            <form.AppField name="industry">
              {(field) => (
                <field.SelectInput
                  label="Sector"
                  options={industries.data ?? []}
                  placeholder={industries.data ? "Select a sector" : "Loading…"}
                  disabled={!industries.data}
                />
              )}
            </form.AppField>
            <form.AppField name="category">
              {(field) => (
                <field.SelectInput
                  label="Category"
                  options={salesCategories}
                  placeholder="Select a category"
                />
              )}
            </form.AppField>
          </div>
          {contact.error ? (
            <p
              role="alert"
              className="border-destructive/40 bg-destructive/5 text-destructive-strong rounded-md border px-3 py-2.5 text-sm"
            >
              {billingProblem(contact.error)}
            </p>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button emphasis="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={!canSave || submitting}>
            Save
          </Button>
        </ModalFooter>
      </form.Form>
    </form.AppForm>
  );
}
