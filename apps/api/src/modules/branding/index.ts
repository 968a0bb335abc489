// What other modules may use of branding (docs/architecture.md "Module faces"); the rest of the folder is its own.
// What comes from a *.repo.ts file is a repository read or write other modules call directly, named one by one.

export { findWorkspaceName } from "./branding.repo";
export { brandingOf, toBrandingDto } from "./branding.service";
export { emailLogo } from "./email-logo";
export { emailLook } from "./email-look";
export { fileNameSlug } from "./file-name";
