// What other modules may use of connectors (docs/architecture.md "Module faces"); the rest of the folder is its own.

export { getSourceHealth } from "./source-health.service";
