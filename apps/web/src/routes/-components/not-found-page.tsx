import { NotFound } from "@brandscope/ui/not-found";
import { ButtonLink } from "~/lib/link";

export function NotFoundPage() {
  return <NotFound action={<ButtonLink to="/">Back to Brandscope</ButtonLink>} />;
}
