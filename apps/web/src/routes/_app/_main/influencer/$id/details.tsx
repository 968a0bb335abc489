import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/influencer/$id/details")({ component: InfluencerScreen });

function InfluencerScreen() {
  const { id } = Route.useParams();
  return (
    <ScreenPlaceholder title="Influencer details">
      Reach, engagement and audience of influencer {id}.
    </ScreenPlaceholder>
  );
}
