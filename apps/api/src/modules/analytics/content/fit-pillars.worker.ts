import { lowerThreadPriority, serveTasks } from "../../../lib/worker-thread";
import type { FitInput } from "../pillars-off-loop";
import { fitPillars } from "./fit-pillars";

// Kept by pillars-off-loop.ts (lib/worker-thread.ts KeptWorker) for the fits of brands with many posts.
lowerThreadPriority();
serveTasks((input: FitInput) => fitPillars(input.posts, input.brand));
