import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod/mini";
import { SharedReportScreen } from "~/features/shared-reports/shared-report-screen";

const reportSearchSchema = z.object({
  token: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(128))), undefined),
});

// A shared report (issue 32): open to everyone, no session looked for; the link's token is the credential.
export const Route = createFileRoute("/report")({
  validateSearch: reportSearchSchema,
  component: ReportRoute,
});

function ReportRoute() {
  const { token } = Route.useSearch();
  return <SharedReportScreen token={token} />;
}
