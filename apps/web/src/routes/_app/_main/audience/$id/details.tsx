import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../../../-components/screen-placeholder";

export const Route = createFileRoute("/_app/_main/audience/$id/details")({ component: PersonaScreen });

function PersonaScreen() {
  const { id } = Route.useParams();
  return (
    <ScreenPlaceholder title="Persona details">
      Who persona {id} is and what they care about.
    </ScreenPlaceholder>
  );
}
