// What other modules may use of sso (docs/architecture.md "Module faces"): nothing yet.
export {};
