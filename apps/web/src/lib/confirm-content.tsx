import { Button } from "@brandscope/ui/button";
import {
  ModalBody,
  ModalClose,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
} from "@brandscope/ui/modal";
import type { ReactNode } from "react";

/** The look of the button that takes an action that cannot be undone. */
export const destructiveAction = "bg-destructive text-destructive-foreground hover:bg-destructive/90";

/**
 * What a dialog shows before an action that cannot be undone (removing a member, closing the account): the
 * question, what follows from it, why the last attempt failed, Cancel and the action. A click beside the dialog
 * does not close it, and Cancel waits while the action runs.
 */
export function ConfirmContent({
  title,
  description,
  problem,
  pending,
  action,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Shown above the buttons after a failed attempt. */
  problem?: ReactNode;
  pending: boolean;
  /** The button that takes the action. */
  action: ReactNode;
}) {
  return (
    <ModalContent closeOnOverlayClick={false}>
      <ModalHeader>
        <ModalTitle>{title}</ModalTitle>
        <ModalDescription>{description}</ModalDescription>
      </ModalHeader>
      {problem ? <ModalBody>{problem}</ModalBody> : null}
      <ModalFooter className="pt-4">
        <ModalClose asChild>
          <Button emphasis="secondary" disabled={pending}>
            Cancel
          </Button>
        </ModalClose>
        {action}
      </ModalFooter>
    </ModalContent>
  );
}
