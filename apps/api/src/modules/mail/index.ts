// What other modules may use of mail (docs/architecture.md "Module faces"); the rest of the folder is its own.

export {
  BRANDSCOPE_LOOK,
  type EmailLook,
  emailClass,
  emailStyles,
  renderEmailShell,
  shellImages,
  unsubscribeHeaders,
} from "./email-shell";
export { type QueuedMail, queueMail, sendQueuedMail } from "./outbox";
