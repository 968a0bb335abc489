import { Button } from "@brandscope/ui/button";
import {
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalHeader,
  ModalTitle,
} from "@brandscope/ui/modal";
import { toast } from "@brandscope/ui/toast";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { notify } from "~/lib/notify";
import { checkoutProblem, submitCardChange } from "./checkout";
import { checkoutSteps } from "./mutations";
import { PaymentProblem, usePaymentForm } from "./payment-form-state";
import { ProviderCardForm } from "./provider-card-form";

/**
 * "Change card" on the profile: the checkout's card form alone; the card is saved as the default, which the plan's
 * next renewal charges (docs/decisions.md "Payments").
 */
export function ChangeCardDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const { payment, register, state, setState } = usePaymentForm();
  const [submitting, setSubmitting] = React.useState(false);
  const [problem, setProblem] = React.useState<string>();

  async function submit() {
    const current = payment.current;
    if (!current || submitting) return;
    setSubmitting(true);
    setProblem(undefined);
    try {
      await submitCardChange({ payment: current, steps: checkoutSteps(queryClient, () => setOpen(false)) });
      toast.dismiss("change-card-failed");
      notify.success("Your new card is now the default: the next renewal is charged to it.", {
        id: "card-changed",
      });
    } catch (error) {
      setProblem(checkoutProblem(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (submitting) return;
        setOpen(next);
        setProblem(undefined);
      }}
    >
      <Button emphasis="secondary" className="self-start" onClick={() => setOpen(true)}>
        Change card
      </Button>
      <ModalContent closeOnOverlayClick={false}>
        <ModalHeader>
          <ModalTitle>Change card</ModalTitle>
          <ModalDescription>
            The new card becomes your default: your plan's next renewal is charged to it.
          </ModalDescription>
        </ModalHeader>
        <ModalBody>
          <form
            noValidate
            aria-label="Change card"
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <ProviderCardForm register={register} onStateChange={setState} disabled={submitting} />
            <PaymentProblem problem={problem} />
            <Button
              type="submit"
              loading={submitting}
              disabled={!state.ready || !state.complete || submitting}
            >
              Save card
            </Button>
          </form>
        </ModalBody>
      </ModalContent>
    </Modal>
  );
}
