import { randomUUID } from "node:crypto";
import type { components } from "@brandscope/api-client/schema";
import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import type { PaymentProvider } from "../../kernel/payment-provider";
import { findSubscription } from "../accounts";
import { requireBillingOwner } from "./billing-owner";
import { findCustomer, insertCustomer } from "./customers.repo";
import { deleteCard, findCard, listCards, makeDefault, upsertCard } from "./payment-methods.repo";
import { isPlanRunning } from "./plan-limits";
import { sandboxProvider } from "./providers/sandbox-provider";

type Schemas = components["schemas"];

const cardNotFound = () => new AppError("NOT_FOUND", 404, "Card not found");

/** The workspace's customer at the provider, created on first use (concurrent first uses create one). */
async function customerOf(
  ctx: RequestCtx,
  provider: PaymentProvider,
  owner: { workspaceId: string; email: string },
) {
  const existing = await findCustomer(ctx.db, { workspaceId: owner.workspaceId, provider: provider.id });
  if (existing) return existing.customerId;
  const customerId = await provider.createCustomer({
    workspaceId: owner.workspaceId,
    email: owner.email,
    idempotencyKey: `customer:${owner.workspaceId}`,
  });
  await insertCustomer(ctx.db, { ...owner, provider: provider.id, customerId, now: ctx.clock.now() });
  const saved = await findCustomer(ctx.db, { workspaceId: owner.workspaceId, provider: provider.id });
  if (!saved) throw new Error("billing customer insert left no row");
  return saved.customerId;
}

async function existingCustomerOf(ctx: RequestCtx, provider: PaymentProvider, workspaceId: string) {
  const customer = await findCustomer(ctx.db, { workspaceId, provider: provider.id });
  return customer?.customerId;
}

export async function listPaymentMethods(ctx: RequestCtx): Promise<Schemas["PaymentMethod"][]> {
  return listCards(ctx.db, { workspaceId: signedIn(ctx).workspaceId });
}

/** Step 2 of the checkout (docs/product.md §4): a setup secret the card form confirms against. */
export async function createSetupIntent(ctx: RequestCtx): Promise<Schemas["SetupIntent"]> {
  const owner = await requireBillingOwner(ctx);
  const provider = ctx.payments(ctx.db);
  const customerId = await customerOf(ctx, provider, owner);
  const { clientSecret } = await provider.createSetupIntent({
    customerId,
    idempotencyKey: `setup:${owner.workspaceId}:${randomUUID()}`,
  });
  return { clientSecret, provider: provider.id, publishableKey: provider.publishableKey };
}

/** The sandbox's stand-in for Stripe.js confirming a card set-up in the browser. */
export async function confirmSandboxSetup(
  ctx: RequestCtx,
  body: Schemas["SandboxConfirmSetupRequest"],
): Promise<Schemas["SandboxConfirmSetupResponse"]> {
  if (ctx.config.stripe) {
    throw new AppError("NOT_FOUND", 404, "Sandbox payments are off: cards are set up with Stripe");
  }
  const owner = await requireBillingOwner(ctx);
  const sandbox = sandboxProvider(ctx.db, ctx.clock);
  const customerId = await existingCustomerOf(ctx, sandbox, owner.workspaceId);
  if (!customerId)
    throw new AppError("NOT_FOUND", 404, "This card set-up was not found. Please start again.");
  const { clientSecret, ...card } = body;
  const paymentMethodId = await sandbox.confirmSetup({ customerId, clientSecret, card });
  return { paymentMethodId };
}

/** Step 4 of the checkout: the set-up card becomes the workspace's default. */
export async function savePaymentMethod(
  ctx: RequestCtx,
  body: Schemas["PaymentMethodRequest"],
): Promise<Schemas["PaymentMethod"]> {
  const owner = await requireBillingOwner(ctx);
  const provider = ctx.payments(ctx.db);
  const customerId = await existingCustomerOf(ctx, provider, owner.workspaceId);
  const card = customerId
    ? await provider.attachCard({ customerId, paymentMethodId: body.paymentMethodId })
    : null;
  if (!customerId || !card) {
    throw new AppError("VALIDATION_FAILED", 400, "This card could not be found. Please enter it again.");
  }
  await provider.setDefaultCard({ customerId, paymentMethodId: card.id });
  const { workspaceId } = owner;
  await ctx.db.transaction(async (tx) => {
    await upsertCard(tx, { workspaceId, provider: provider.id, card, now: ctx.clock.now() });
    await makeDefault(tx, { workspaceId, id: card.id });
  });
  const saved = await findCard(ctx.db, { workspaceId, id: card.id });
  if (!saved) throw cardNotFound();
  return saved;
}

/** The billing owner's workspace and one of its cards; 404 when the card is not the workspace's. */
async function ownersCard(ctx: RequestCtx, id: string) {
  const { workspaceId } = await requireBillingOwner(ctx);
  const card = await findCard(ctx.db, { workspaceId, id });
  if (!card) throw cardNotFound();
  return { workspaceId, card };
}

export async function setDefaultPaymentMethod(
  ctx: RequestCtx,
  body: Schemas["PaymentMethodRequest"],
): Promise<Schemas["PaymentMethod"][]> {
  const { workspaceId, card } = await ownersCard(ctx, body.paymentMethodId);
  const provider = ctx.payments(ctx.db);
  const customerId = await existingCustomerOf(ctx, provider, workspaceId);
  if (customerId) await provider.setDefaultCard({ customerId, paymentMethodId: card.id });
  await ctx.db.transaction((tx) => makeDefault(tx, { workspaceId, id: card.id }));
  return listCards(ctx.db, { workspaceId });
}

/**
 * Removes a card. The card a running paid plan is charged to stays until another card replaces it; removing the
 * default otherwise makes the newest remaining card the default.
 */
export async function removePaymentMethod(
  ctx: RequestCtx,
  body: Schemas["PaymentMethodRequest"],
): Promise<Schemas["PaymentMethod"][]> {
  const { workspaceId, card } = await ownersCard(ctx, body.paymentMethodId);
  const cards = await listCards(ctx.db, { workspaceId });
  const subscription = await findSubscription(ctx.db, { workspaceId });
  const paidPlanRuns =
    subscription !== undefined &&
    subscription.plan !== "starter" &&
    isPlanRunning(subscription, ctx.clock.now());
  if (card.isDefault && paidPlanRuns && cards.length === 1) {
    throw new AppError(
      "VALIDATION_FAILED",
      400,
      "Your plan is charged to this card. Add another card before removing it.",
    );
  }
  const provider = ctx.payments(ctx.db);
  const customerId = await existingCustomerOf(ctx, provider, workspaceId);
  const next = card.isDefault ? cards.find((other) => other.id !== card.id) : undefined;
  // The provider first, with no transaction open (a slow answer held the cards' rows): the next card becomes the
  // default before the removed one goes, so a failure part-way leaves a default card at the provider.
  if (customerId && next) await provider.setDefaultCard({ customerId, paymentMethodId: next.id });
  if (customerId) await provider.detachCard({ customerId, paymentMethodId: card.id });
  await ctx.db.transaction(async (tx) => {
    await deleteCard(tx, { workspaceId, id: card.id });
    if (next) await makeDefault(tx, { workspaceId, id: next.id });
  });
  return listCards(ctx.db, { workspaceId });
}
