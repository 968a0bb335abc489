import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/user/profile")({ component: ProfileScreen });

function ProfileScreen() {
  return (
    <ScreenPlaceholder title="Profile">
      Your name, company and the defaults your modules start from.
    </ScreenPlaceholder>
  );
}
