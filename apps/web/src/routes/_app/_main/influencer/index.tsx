import { createFileRoute } from "@tanstack/react-router";
import { InfluencerScreen } from "~/features/influencer/influencer-screen";

export const Route = createFileRoute("/_app/_main/influencer/")({ component: InfluencerScreen });
