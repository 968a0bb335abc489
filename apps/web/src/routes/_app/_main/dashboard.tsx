import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/dashboard")({ component: DashboardScreen });

function DashboardScreen() {
  return <ScreenPlaceholder title="Dashboard">Your brand at a glance.</ScreenPlaceholder>;
}
