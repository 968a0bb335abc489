import { Button } from "@brandscope/ui/button";
import { Modal } from "@brandscope/ui/modal";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmContent, destructiveAction } from "~/lib/confirm-content";
import { notify } from "~/lib/notify";
import { FormProblem } from "~/lib/problem";
import { signOut, useSignOut } from "~/lib/sign-out";
import { needsFreshSignIn, useDeactivateAccountMutation, useDeleteAccountMutation } from "./mutations";

/** Deactivate and delete, each behind a confirmation; either ends the session and leads to /sign-in. */
export function AccountClosure({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-6">
      <DeactivateAccount />
      <div className="bg-border h-px" />
      <DeleteAccount email={email} />
    </div>
  );
}

function useLeave() {
  const router = useRouter();
  return async (message: string) => {
    // The server has revoked every session already: nothing to log out from, only local state to forget.
    signOut();
    notify.success(message, { id: "account-closed" });
    await router.navigate({ to: "/sign-in" });
    await router.invalidate();
  };
}

function DeactivateAccount() {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivateAccountMutation();
  const leave = useLeave();
  return (
    <div className="flex items-start justify-between gap-6">
      <div className="flex flex-col gap-1">
        <h3 className="text-foreground text-sm font-semibold">Deactivate account</h3>
        <p className="text-muted-foreground text-sm">
          You are signed out everywhere and can no longer sign in. Your workspace and its data stay as they
          are.
        </p>
      </div>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (deactivate.isPending) return;
          setOpen(next);
          if (!next) deactivate.reset();
        }}
      >
        <Button emphasis="secondary" className="shrink-0" onClick={() => setOpen(true)}>
          Deactivate account
        </Button>
        <ConfirmContent
          title="Deactivate your account?"
          description="You will be signed out on every device and will not be able to sign in again."
          problem={deactivate.error ? <FormProblem error={deactivate.error} /> : null}
          pending={deactivate.isPending}
          action={
            <Button
              className={destructiveAction}
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutate(undefined, {
                  onSuccess: () => void leave("Your account has been deactivated."),
                })
              }
            >
              Deactivate account
            </Button>
          }
        />
      </Modal>
    </div>
  );
}

function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccountMutation();
  const leave = useLeave();
  const signOutFully = useSignOut();
  const stale = needsFreshSignIn(remove.error);
  return (
    <div className="flex items-start justify-between gap-6">
      <div className="flex flex-col gap-1">
        <h3 className="text-foreground text-sm font-semibold">Delete account</h3>
        <p className="text-muted-foreground text-sm">
          Removes your account and personal data for good. If you own the workspace, its brands and data go
          too.
        </p>
      </div>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setOpen(next);
          if (!next) remove.reset();
        }}
      >
        <Button className={`${destructiveAction} shrink-0`} onClick={() => setOpen(true)}>
          Delete account
        </Button>
        <ConfirmContent
          title="Delete your account for good?"
          description="Your account and personal data are removed. If you own the workspace, its brands, competitors and imported data are removed too, and its other members are told by e-mail. This cannot be undone."
          problem={
            remove.error ? (
              stale ? (
                <FormProblem>
                  For your security, deleting an account needs a recent sign-in (within the last 15 minutes).
                  Sign in again, then delete your account from your profile.
                </FormProblem>
              ) : (
                <FormProblem error={remove.error} />
              )
            ) : null
          }
          pending={remove.isPending}
          action={
            stale ? (
              <Button onClick={() => void signOutFully({ redirect: "/user/profile", email })}>
                Sign in again
              </Button>
            ) : (
              <Button
                className={destructiveAction}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => void leave("Your account has been deleted."),
                  })
                }
              >
                Delete account
              </Button>
            )
          }
        />
      </Modal>
    </div>
  );
}
