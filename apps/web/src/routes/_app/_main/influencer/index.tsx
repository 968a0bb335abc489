import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/influencer/")({ component: InfluencersScreen });

function InfluencersScreen() {
  return <ScreenPlaceholder title="Influencers">The voices your audience listens to.</ScreenPlaceholder>;
}
