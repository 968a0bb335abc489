import { EmptyState } from "@brandscope/ui/empty-state";

/**
 * Where a module's figures will be while the server computes them (a brand whose data just arrived, a competitor
 * just added, a long custom range): said plainly, and the screen's query reads again until they are ready
 * (computing.ts whileComputing).
 */
export function FiguresComputing() {
  return (
    <EmptyState
      role="status"
      aria-live="polite"
      data-slot="figures-computing"
      icon={
        <span
          aria-hidden
          className="border-muted border-t-primary size-8 animate-spin rounded-full border-2 motion-reduce:animate-none"
        />
      }
      title="Your figures are being computed"
      description="This takes a few moments. They appear here by themselves once ready."
    />
  );
}
