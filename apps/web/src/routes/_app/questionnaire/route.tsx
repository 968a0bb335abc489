import { Logo } from "@brandscope/ui/logo";
import { createFileRoute, Outlet } from "@tanstack/react-router";

// Onboarding has the screen to itself: no navigation to wander off to before the brand is set up.
export const Route = createFileRoute("/_app/questionnaire")({ component: QuestionnaireLayout });

function QuestionnaireLayout() {
  return (
    <div className="bg-background flex min-h-dvh flex-col px-10 py-8">
      <Logo />
      <main className="max-w-page mx-auto flex w-full flex-1 flex-col justify-center py-10">
        <Outlet />
      </main>
    </div>
  );
}
