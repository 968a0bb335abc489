// What other modules may use of shared-reports (docs/architecture.md "Module faces"): nothing yet.
export {};
