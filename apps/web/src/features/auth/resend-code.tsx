import { Button } from "@brandscope/ui/button";
import { problemText } from "~/lib/problem";
import { useCountdown } from "~/lib/use-countdown";
import { useResendConfirmationMutation } from "./mutations";

/**
 * 'Send a new code' for the confirmation screen, with the server's cool-down shown as a countdown. What the server
 * answered (sent, or wait) is announced politely under the button.
 */
export function ResendCode({ email }: { email: string }) {
  const resend = useResendConfirmationMutation();
  const { remaining, start } = useCountdown();
  const note = resend.error ? problemText(resend.error) : resend.data?.message;
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Button
        emphasis="ghost"
        size="sm"
        className="text-primary -ml-3"
        loading={resend.isPending}
        disabled={remaining > 0 || !email}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: (result) => start(result.cooldownSeconds),
          })
        }
      >
        {remaining > 0 ? `Send a new code in ${remaining} s` : "Send a new code"}
      </Button>
      <p aria-live="polite" className="text-muted-foreground min-h-5 text-sm">
        {note ?? ""}
      </p>
    </div>
  );
}
