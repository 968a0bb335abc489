import { createFileRoute, redirect } from "@tanstack/react-router";
import { redirectSearchSchema } from "~/lib/redirect-search";

export const Route = createFileRoute("/_public/login")({
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: "/sign-in", search, replace: true });
  },
});
