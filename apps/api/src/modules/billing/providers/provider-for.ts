import type { AppConfig } from "../../../config/env";
import type { PaymentProviders } from "../../../kernel/payment-provider";
import type { Clock } from "../../../lib/clock";
import { sandboxProvider } from "./sandbox-provider";
import { type StripeEndpoint, stripeProvider } from "./stripe-provider";

/**
 * Gives the provider configuration chose (docs/decisions.md "Payments"): Stripe when its keys are set, the sandbox
 * otherwise.
 */

export function createPaymentProviders(
  config: AppConfig,
  clock: Clock,
  stripeEndpoint?: StripeEndpoint,
): PaymentProviders {
  if (config.stripe) {
    const stripe = stripeProvider(config.stripe, stripeEndpoint);
    return () => stripe;
  }
  return (db) => sandboxProvider(db, clock);
}
