import { createFileRoute } from "@tanstack/react-router";
import { CompetitorScreen } from "~/features/competitor/competitor-screen";
import { linkedPeriodSearch, rememberLinkedPeriod } from "~/features/modules/linked-period";
import type { PeriodParams } from "~/features/modules/period-params";

type CompetitorSearch = { competitor?: string } & Partial<PeriodParams>;

export const Route = createFileRoute("/_app/_main/competitor")({
  // Kept small (the period check only): this part of a route ships with the router, not with the screen.
  // A link at a period (the weekly digest's) opens the module on it.
  validateSearch: (search: Record<string, unknown>): CompetitorSearch => ({
    ...linkedPeriodSearch(search),
    ...(typeof search.competitor === "string" && search.competitor ? { competitor: search.competitor } : {}),
  }),
  beforeLoad: ({ search }) => rememberLinkedPeriod("competitor", search),
  component: CompetitorRoute,
});

function CompetitorRoute() {
  const { competitor } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CompetitorScreen
      requestedId={competitor}
      onSelect={(id) => void navigate({ search: { competitor: id }, replace: true })}
    />
  );
}
