import { createFileRoute } from "@tanstack/react-router";
import { InfluencerDetailsScreen } from "~/features/influencer/influencer-details-screen";

export const Route = createFileRoute("/_app/_main/influencer/$id/details")({ component: InfluencerRoute });

function InfluencerRoute() {
  const { id } = Route.useParams();
  return <InfluencerDetailsScreen id={id} />;
}
