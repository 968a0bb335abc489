import type { components } from "@brandscope/api-client/schema";
import { salesContacts } from "../../db/schema";
import type { RequestCtx } from "../../http/handler-types";
import { signedIn } from "../auth/auth.service";
import { meterRequest } from "../auth/limits";

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

/** Talk to sales: kept, then e-mailed to the sales address (SALES_EMAIL); a mail failure fails the request. */
export async function contactSales(
  ctx: RequestCtx,
  request: SalesContactRequest,
): Promise<{ message: string }> {
  const caller = signedIn(ctx);
  await meterRequest(ctx, "mail");
  await ctx.db.insert(salesContacts).values({
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    ...request,
    createdAt: ctx.clock.now(),
  });
  await ctx.mailer.send({ to: ctx.config.salesEmail, ...salesMail(request) });
  return { message: "Thank you. Our sales team will get in touch shortly." };
}
