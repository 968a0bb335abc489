import { createFileRoute } from "@tanstack/react-router";
import { CompetitorScreen } from "~/features/competitor/competitor-screen";

type CompetitorSearch = { competitor?: string };

export const Route = createFileRoute("/_app/_main/competitor")({
  // Kept inline and import-free: this part of a route ships with the router, not with the screen.
  validateSearch: (search: Record<string, unknown>): CompetitorSearch =>
    typeof search.competitor === "string" && search.competitor ? { competitor: search.competitor } : {},
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
