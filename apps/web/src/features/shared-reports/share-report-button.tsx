import { Button } from "@brandscope/ui/button";
import { lazy, Suspense, useState } from "react";
import type { ReportWindow, SharedReportModule } from "./queries";

// The dialog (a modal, a select, the link's field) loads on the first click, so that every module's first load
// stays within its budget (apps/web/e2e/bundle.e2e.test.ts).
const ShareReportDialog = lazy(() => import("./share-report-dialog"));

/** "Share report" on a module: opens the dialog that makes a read-only link (share-report-dialog.tsx). */
export function ShareReportButton({
  module,
  window,
}: {
  module: SharedReportModule;
  /** The days on screen; undefined while they load. */
  window: ReportWindow | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        emphasis="secondary"
        size="sm"
        disabled={!window}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Share report
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ShareReportDialog module={module} window={window} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
