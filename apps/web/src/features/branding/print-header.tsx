import { Logo } from "@brandscope/ui/logo";
import { describePeriod } from "@brandscope/ui/period-picker";
import { formatDate } from "~/features/modules/format";
import type { PeriodParams } from "~/features/modules/period";
import { useAuth } from "~/lib/auth";
import { useAppliedBranding } from "./applied-branding";

const periodWords = (period: PeriodParams) =>
  period.period === "custom" ? describePeriod(period) : `Last ${describePeriod(period)}`;

/**
 * What a printed module page starts with (docs/decisions.md "Custom branding"; styles.css hides the navigation
 * and the controls in print): the workspace's logo when its branding applies (else Brandscope's), the brand, the
 * module, the period and the day it was printed, over a rule in the accent colour. Hidden on screen.
 */
export function PrintHeader({
  title,
  brandName,
  period,
}: {
  title: string;
  brandName?: string;
  period?: PeriodParams;
}) {
  const logo = useAppliedBranding()?.logo;
  const workspace = useAuth().user?.workspace?.name ?? "Workspace";
  return (
    <div
      data-slot="print-header"
      className="border-primary hidden items-center justify-between gap-6 border-b-4 pb-3 print:flex"
    >
      <div className="flex items-center gap-4">
        {logo ? (
          <img src={logo} alt={`${workspace} logo`} className="h-12 max-w-48 object-contain" />
        ) : (
          <Logo />
        )}
        <div className="flex flex-col">
          <p className="text-foreground text-lg font-semibold">{brandName ?? workspace}</p>
          <p className="text-muted-foreground text-sm">
            {title}
            {period ? ` · ${periodWords(period)}` : ""}
          </p>
        </div>
      </div>
      <p className="text-muted-foreground text-sm">Printed {formatDate(new Date().toISOString())}</p>
    </div>
  );
}
