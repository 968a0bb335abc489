import { createFileRoute } from "@tanstack/react-router";
import { DataSourcesScreen } from "~/features/data-sources/data-sources-screen";

export const Route = createFileRoute("/_app/_main/data-sources")({ component: DataSourcesScreen });
