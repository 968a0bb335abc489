import { createFileRoute } from "@tanstack/react-router";
import { IntentScreen } from "~/features/intent/intent-screen";

export const Route = createFileRoute("/_app/_main/intent")({ component: IntentScreen });
