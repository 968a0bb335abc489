import { Button } from "@brandscope/ui/button";
import {
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
} from "@brandscope/ui/modal";
import { SelectField } from "@brandscope/ui/select";
import { TextField } from "@brandscope/ui/text-field";
import { useState } from "react";
import { useUpgradeModal } from "~/features/billing/upgrade-modal-provider";
import { formatDate } from "~/features/modules/format";
import { FormProblem, isApiError } from "~/lib/problem";
import {
  expiryIn,
  moduleTitles,
  type ReportWindow,
  type SharedReportModule,
  sharedReportUrl,
  useCreateSharedReport,
} from "./queries";

const EXPIRIES = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
];

/**
 * The "Share report" dialog (issue 32, docs/shared-reports.md): a read-only link to the module for the brand and
 * the days on screen, for people without an account, until the chosen expiry. The link is shown once, as the
 * server keeps only its hash; Starter is answered 402 and offered the plans. Loaded by share-report-button.tsx on
 * the first click.
 */
export default function ShareReportDialog({
  module,
  window,
  open,
  onOpenChange,
}: {
  module: SharedReportModule;
  /** The days on screen; undefined while they load. */
  window: ReportWindow | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [days, setDays] = useState("30");
  const create = useCreateSharedReport();
  const upgrade = useUpgradeModal();
  const [copied, setCopied] = useState(false);
  const link = create.data ? sharedReportUrl(create.data.token) : undefined;
  const title = moduleTitles[module];
  return (
    <Modal
      open={open}
      onOpenChange={(value) => {
        if (create.isPending) return;
        onOpenChange(value);
        if (!value) {
          create.reset();
          setCopied(false);
        }
      }}
    >
      <ModalContent>
        <ModalHeader>
          <ModalTitle>Share the {title} report</ModalTitle>
          <ModalDescription>
            {window
              ? `A read-only page of ${title} for ${formatDate(window.from)} to ${formatDate(window.to)}, for anyone with the link: no account needed. You can revoke it in your profile's Shared reports.`
              : null}
          </ModalDescription>
        </ModalHeader>
        <ModalBody className="flex flex-col gap-4">
          {link ? (
            <>
              <TextField
                label="Link"
                value={link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <p className="text-muted-foreground text-sm">
                Opens until {formatDate(create.data?.report.expiresAt)}. Copy it now: it is not shown again.
              </p>
            </>
          ) : (
            <SelectField
              label="The link expires in"
              value={days}
              onValueChange={setDays}
              options={EXPIRIES}
            />
          )}
          <FormProblem error={create.error} />
          {isApiError(create.error, 402) && upgrade.available ? (
            <div>
              <Button emphasis="secondary" size="sm" onClick={() => upgrade.open()}>
                See plans
              </Button>
            </div>
          ) : null}
        </ModalBody>
        <ModalFooter>
          {link ? (
            <Button
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied" : "Copy link"}
            </Button>
          ) : (
            <Button
              loading={create.isPending}
              disabled={!window}
              onClick={() =>
                window && create.mutate({ module, ...window, expiresAt: expiryIn(Number(days)) })
              }
            >
              Create link
            </Button>
          )}
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
