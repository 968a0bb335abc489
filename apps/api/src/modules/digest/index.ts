// What other modules may use of digest (docs/architecture.md "Module faces"); the rest of the folder is its own.

export { chartImage, pairedBarsSvg } from "./charts";
export { sourceLabel } from "./digest-content";
