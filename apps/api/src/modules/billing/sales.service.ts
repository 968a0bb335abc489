import type { components } from "@brandscope/api-client/schema";
import { signedIn } from "../../kernel/caller";
import { requiredText } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { meterRequest } from "../auth";
import { queueMail, sendQueuedMail } from "../mail";
import { insertSalesContact } from "./sales.repo";

type SalesContactRequest = components["schemas"]["SalesContactRequest"];

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function salesMail(request: SalesContactRequest) {
  const rows: [string, string][] = [
    ["Email", request.email],
    ["Name", request.name],
    ["Company name", request.companyName],
    ["Role", request.role],
    ["Sector", request.industry],
    ["Category", request.category],
  ];
  return {
    subject: `Talk to sales: ${request.companyName} (${request.name})`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html: `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
  };
}

/**
 * Talk to sales: kept, and e-mailed to the sales address (SALES_EMAIL) through the outbox, so an SMTP outage
 * delays the e-mail but loses no request.
 */
export async function contactSales(
  ctx: RequestCtx,
  request: SalesContactRequest,
): Promise<{ message: string }> {
  const caller = signedIn(ctx);
  // Every field is required (docs/product.md §5 "Sales form"): one of spaces only is as empty as none.
  const fields = Object.fromEntries(
    Object.entries(request).map(([name, value]) => [name, requiredText(value, `/${name}`)]),
  ) as SalesContactRequest;
  await meterRequest(ctx, "mail");
  const mail = await ctx.db.transaction(async (tx) => {
    await insertSalesContact(tx, {
      ...fields,
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      now: ctx.clock.now(),
    });
    return queueMail(tx, ctx, { to: ctx.config.salesEmail, ...salesMail(fields) });
  });
  sendQueuedMail(ctx, mail);
  return { message: "Thank you. Our sales team will get in touch shortly." };
}
