import { createFileRoute } from "@tanstack/react-router";
import { PersonaScreen } from "~/features/audience/persona-screen";

export const Route = createFileRoute("/_app/_main/audience/$id/details")({ component: PersonaRoute });

function PersonaRoute() {
  const { id } = Route.useParams();
  return <PersonaScreen id={id} />;
}
