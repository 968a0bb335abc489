import { Button } from "@brandscope/ui/button";
import { EmptyState } from "@brandscope/ui/empty-state";
import { useQuery } from "@tanstack/react-query";
import { CompetitorsEditor } from "./competitors-editor";
import { brandCompetitorsOptions, brandOptions } from "./queries";
import { StepActions, StepHeader } from "./step-frame";

/**
 * Connect competition: the competitors editor (competitors-editor.tsx) once the brand is connected. The step may be
 * skipped.
 */
export function CompetitionStep({
  onBack,
  onContinue,
  onConnectBrand,
}: {
  onBack?: (() => void) | undefined;
  onContinue: () => void;
  onConnectBrand: () => void;
}) {
  const brand = useQuery(brandOptions());
  const list = useQuery(brandCompetitorsOptions());
  const count = list.data?.competitors.length ?? 0;

  return (
    <>
      <StepHeader
        title="Add your competitors"
        description="Tell us who you compete with, and we compare your content, audience and keywords with theirs. You can skip this and add them later."
      />
      {brand.data === null ? (
        <EmptyState
          title="Connect your brand first"
          description="Competitors are compared with your brand, so we need your brand before them."
          action={<Button onClick={onConnectBrand}>Connect my brand</Button>}
        />
      ) : (
        <CompetitorsEditor />
      )}
      <StepActions onBack={onBack}>
        {count > 0 ? (
          <Button onClick={onContinue}>Continue</Button>
        ) : (
          <Button emphasis="secondary" onClick={onContinue}>
            Skip for now
          </Button>
        )}
      </StepActions>
    </>
  );
}
