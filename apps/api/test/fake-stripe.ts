import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * A local stand-in for the few Stripe API calls the Stripe provider makes, for testing that adapter without the
 * network: it records each request and answers with Stripe-shaped objects. A payment method whose id contains
 * "declined" fails a subscription's first charge with Stripe's card_error.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  /** While true, cancelling a subscription fails as Stripe does when it is down (500 api_error). */
  const outage = { cancels: false };
  const attached = new Map<string, string>();
  /** Subscription ids by customer, as created. */
  const subscriptionsOf = new Map<string, string[]>();
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  const cardOf = (id: string) => ({
    id,
    object: "payment_method",
    type: "card",
    customer: attached.get(id) ?? null,
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
  });

  const server = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const path = (req.url ?? "").split("?")[0] ?? "";
    const form = new URLSearchParams(body);
    const key = req.headers["idempotency-key"];
    requests.push({
      method: req.method ?? "",
      path,
      form,
      idempotencyKey: typeof key === "string" ? key : undefined,
    });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
      res.end(JSON.stringify(value));
    };
    const route = `${req.method} ${path}`;
    const id = path.split("/")[3] ?? "";
    if (route === "POST /v1/customers")
      return send(200, { id: `cus_fake_${requests.length}`, object: "customer" });
    if (/^POST \/v1\/customers\/[^/]+$/.test(route)) return send(200, { id, object: "customer" });
    if (route === "POST /v1/setup_intents") {
      return send(200, { id: "seti_fake", object: "setup_intent", client_secret: "seti_fake_secret_abc" });
    }
    if (/^GET \/v1\/payment_methods\/[^/]+$/.test(route)) return send(200, cardOf(id));
    if (/^POST \/v1\/payment_methods\/[^/]+\/attach$/.test(route)) {
      attached.set(id, form.get("customer") ?? "");
      return send(200, cardOf(id));
    }
    if (/^POST \/v1\/payment_methods\/[^/]+\/detach$/.test(route)) {
      attached.delete(id);
      return send(200, cardOf(id));
    }
    if (route === "POST /v1/subscriptions") {
      if (form.get("default_payment_method")?.includes("declined")) {
        return send(402, {
          error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
        });
      }
      const created = `sub_fake_${requests.length}`;
      const customer = form.get("customer") ?? "";
      subscriptionsOf.set(customer, [...(subscriptionsOf.get(customer) ?? []), created]);
      return send(200, {
        id: created,
        object: "subscription",
        status: "active",
        customer: form.get("customer"),
        items: { object: "list", data: [{ id: "si_fake", current_period_end: periodEnd }] },
      });
    }
    if (route === "GET /v1/subscriptions") {
      const customer = new URL(req.url ?? "", "http://fake").searchParams.get("customer") ?? "";
      const data = (subscriptionsOf.get(customer) ?? []).map((sub) => ({ id: sub, object: "subscription" }));
      return send(200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    if (/^POST \/v1\/subscriptions\/[^/]+$/.test(route)) {
      return send(200, {
        id,
        object: "subscription",
        status: "active",
        cancel_at_period_end: form.get("cancel_at_period_end") === "true",
        items: { object: "list", data: [{ id: "si_fake", current_period_end: periodEnd }] },
      });
    }
    if (/^DELETE \/v1\/subscriptions\/[^/]+$/.test(route)) {
      if (outage.cancels) return send(500, { error: { type: "api_error", message: "Stripe is down" } });
      return send(200, { id, object: "subscription", status: "canceled", items: { data: [] } });
    }
    send(404, { error: { type: "invalid_request_error", message: `No fake for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: "127.0.0.1", port, protocol: "http" as const },
    requests,
    outage,
    periodEnd: new Date(periodEnd * 1000),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
