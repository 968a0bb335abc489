// What other modules may use of alerts (docs/architecture.md "Module faces"): nothing yet.
export {};
