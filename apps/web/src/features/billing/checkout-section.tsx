import { Button } from "@brandscope/ui/button";
import { CheckoutSummary } from "@brandscope/ui/checkout-summary";
import { ModalBody, ModalDescription, ModalHeader, ModalTitle } from "@brandscope/ui/modal";
import { Skeleton } from "@brandscope/ui/skeleton";
import { toast } from "@brandscope/ui/toast";
import { useStore } from "@tanstack/react-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { notify } from "~/lib/notify";
import { useSelectForm } from "~/lib/select-form";
import { countriesOptions } from "../reference/queries";
import { meOptions } from "../user/queries";
import { type BillingDetails, checkoutProblem, submitCheckout } from "./checkout";
import { checkoutSteps } from "./mutations";
import { PaymentProblem, usePaymentForm } from "./payment-form-state";
import { ProviderCardForm } from "./provider-card-form";
import { productsOptions } from "./queries";
import { type AddressValues, addressSchema } from "./schemas";

function billingDetails(values: AddressValues): BillingDetails {
  return {
    name: values.companyName.trim(),
    phone: values.phone.trim(),
    address: {
      line1: values.line1.trim(),
      line2: values.line2.trim() || undefined,
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      state: values.region.trim() || undefined,
      country: values.country,
    },
  };
}

export type CheckoutSectionProps = { onBack: () => void; onClose: () => void };

/**
 * docs/product.md §2 "Checkout section": billing details, the company's address and the card; Sub total and Total
 * equal the price, Sales tax 'N/A', a single user, billed monthly. Submit runs docs/product.md §4's sequence
 * (checkout.ts).
 */
export function CheckoutSection({ onBack, onClose }: CheckoutSectionProps) {
  const queryClient = useQueryClient();
  const products = useQuery(productsOptions());
  const countries = useQuery(countriesOptions());
  const me = useQuery(meOptions());
  const professional = products.data?.find((product) => product.type === "professional");

  const form = useSelectForm({
    defaultValues: {
      companyName: me.data?.company ?? "",
      line1: "",
      line2: "",
      city: "",
      postalCode: "",
      region: "",
      country: me.data?.country ?? "",
      phone: me.data?.phone ?? "",
    } satisfies AddressValues as AddressValues,
    validators: { onChange: addressSchema },
  });
  const addressComplete = useStore(form.store, (state) => addressSchema.safeParse(state.values).success);

  const { payment, register, state: paymentState, setState: setPaymentState } = usePaymentForm();
  const [submitting, setSubmitting] = React.useState(false);
  const [problem, setProblem] = React.useState<string>();

  const ready = paymentState.ready && Boolean(countries.data) && Boolean(products.data);
  const complete = addressComplete && paymentState.complete;

  async function submit() {
    if (submitting) return;
    // Touch every address field: its errors show, as after any submit attempt.
    for (const name of Object.keys(form.state.values) as (keyof AddressValues)[]) {
      form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, isBlurred: true }));
    }
    const current = payment.current;
    if (!current) return;
    setSubmitting(true);
    setProblem(undefined);
    try {
      await submitCheckout({
        payment: current,
        billing: billingDetails(form.state.values),
        products: products.data,
        steps: checkoutSteps(queryClient, onClose),
      });
      // An earlier attempt's warning no longer applies.
      toast.dismiss("checkout-failed");
      notify.success("Welcome to Professional! Your plan is active.", { id: "checkout-done" });
    } catch (error) {
      const text = checkoutProblem(error);
      setProblem(text);
      // docs/product.md §8: a closable warning toast with the error text.
      notify.warning(text, { id: "checkout-failed", duration: Number.POSITIVE_INFINITY });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <ModalHeader>
        <ModalTitle className="text-2xl">Checkout</ModalTitle>
        <ModalDescription>
          Upgrade to Professional: your card is charged monthly, cancel anytime.
        </ModalDescription>
      </ModalHeader>
      <ModalBody>
        <form
          noValidate
          aria-label="Checkout"
          // Billing details first (docs/product.md §2), beside the forms; the submit button follows the forms.
          className="grid gap-x-8 gap-y-4 md:grid-cols-[1fr_20rem] md:grid-rows-[auto_1fr]"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="md:col-start-2 md:row-start-1">
            {professional ? (
              <CheckoutSummary
                planName={professional.title || professional.name}
                price={professional.price}
                currency={professional.currency}
                chargeType="per_month"
              />
            ) : (
              <Skeleton className="h-64 w-full" />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-8 md:col-start-1 md:row-span-2 md:row-start-1">
            <fieldset className="flex min-w-0 flex-col gap-4" disabled={submitting}>
              <legend className="text-foreground mb-4 text-base font-semibold">Company details</legend>
              <form.AppField name="companyName">
                {(field) => <field.TextInput label="Company name" autoComplete="organization" />}
              </form.AppField>
              <form.AppField name="line1">
                {(field) => <field.TextInput label="Address line 1" autoComplete="address-line1" />}
              </form.AppField>
              <form.AppField name="line2">
                {(field) => (
                  <field.TextInput label="Address line 2 (optional)" autoComplete="address-line2" />
                )}
              </form.AppField>
              <div className="grid grid-cols-2 gap-4">
                <form.AppField name="city">
                  {(field) => <field.TextInput label="City" autoComplete="address-level2" />}
                </form.AppField>
                <form.AppField name="postalCode">
                  {(field) => <field.TextInput label="Postal code" autoComplete="postal-code" />}
                </form.AppField>
              </div>
              <div className="grid grid-cols-2 gap-4">
                <form.AppField name="region">
                  {(field) => (
                    <field.TextInput label="State or region (optional)" autoComplete="address-level1" />
                  )}
                </form.AppField>
                <form.AppField name="country">
                  {(field) => (
                    <field.SelectInput
                      label="Country"
                      options={countries.data ?? []}
                      placeholder={countries.data ? "Select a country" : "Loading…"}
                      disabled={!countries.data || submitting}
                    />
                  )}
                </form.AppField>
              </div>
              <form.AppField name="phone">
                {(field) => <field.TextInput label="Phone" type="tel" autoComplete="tel" />}
              </form.AppField>
            </fieldset>

            <ProviderCardForm register={register} onStateChange={setPaymentState} disabled={submitting} />
          </div>

          <div className="flex flex-col gap-4 md:col-start-2 md:row-start-2 md:self-start">
            <PaymentProblem problem={problem} />
            {ready ? (
              <Button type="submit" size="lg" loading={submitting} disabled={!complete || submitting}>
                Subscribe
              </Button>
            ) : (
              <Skeleton className="h-10 w-full" />
            )}
            <Button emphasis="ghost" onClick={onBack} disabled={submitting}>
              Back to plans
            </Button>
          </div>
        </form>
      </ModalBody>
    </>
  );
}
