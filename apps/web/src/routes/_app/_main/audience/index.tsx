import { createFileRoute } from "@tanstack/react-router";
import { AudienceScreen } from "~/features/audience/audience-screen";

export const Route = createFileRoute("/_app/_main/audience/")({ component: AudienceScreen });
