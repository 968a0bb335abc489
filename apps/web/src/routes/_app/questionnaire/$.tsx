import { Logo } from "@brandscope/ui/logo";
import { createFileRoute } from "@tanstack/react-router";
import { ScreenPlaceholder } from "../../-components/screen-placeholder";

// Onboarding has the screen to itself: no navigation to wander off to before the brand is set up.
export const Route = createFileRoute("/_app/questionnaire/$")({ component: QuestionnaireScreen });

function QuestionnaireScreen() {
  const { _splat: step } = Route.useParams();
  return (
    <div className="bg-background flex min-h-dvh flex-col px-10 py-8">
      <Logo />
      <main className="max-w-page animate-fade-in mx-auto flex w-full flex-1 flex-col justify-center motion-reduce:animate-none">
        <ScreenPlaceholder title="Welcome to Brandscope">
          Let us set up your brand and its competitors{step ? ` (step: ${step})` : ""}.
        </ScreenPlaceholder>
      </main>
    </div>
  );
}
