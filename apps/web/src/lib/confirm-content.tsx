import { Button } from "@brandscope/ui/button";
import {
  Modal,
  ModalBody,
  ModalClose,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
} from "@brandscope/ui/modal";
import type { ReactNode } from "react";
import { FormProblem } from "./problem";

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

/**
 * A dialog that confirms removing something (a member, an import): open while `open`, closed by Cancel or Escape
 * unless the removal is running; a failed attempt says why and keeps it open. `onConfirm` runs the removal and
 * calls `close` once it succeeded.
 */
export function ConfirmRemoval({
  open,
  onClose,
  title,
  description,
  action,
  removal,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The destructive button's label. */
  action: string;
  removal: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: (close: () => void) => void;
}) {
  const close = () => {
    removal.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (removal.isPending || next) return;
        close();
      }}
    >
      <ConfirmContent
        title={title}
        description={description}
        problem={removal.error ? <FormProblem error={removal.error} /> : null}
        pending={removal.isPending}
        action={
          <Button className={destructiveAction} loading={removal.isPending} onClick={() => onConfirm(close)}>
            {action}
          </Button>
        }
      />
    </Modal>
  );
}
