import type { components } from "@brandscope/api-client/schema";

type Product = components["schemas"]["Product"];
type PlanType = components["schemas"]["PlanType"];

// docs/product.md §1, §6 and §9: three plans in USD; Enterprise is sold through sales only
// (docs/decisions.md "Plans and trials").
export const plans: readonly Product[] = [
  {
    productId: "starter",
    type: "starter",
    name: "Starter",
    title: "Starter",
    description: "Explore Brandscope with one brand and one competitor.",
    price: 0,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Free 14-day trial, includes:",
    features: [
      "1 member",
      "All 5 modules",
      "1 brand",
      "1 competitor",
      "Top 3 personas and top 3 influencers by industry",
      "E-mail support",
    ],
    actionText: null,
    actionUrl: null,
  },
  {
    productId: "professional",
    type: "professional",
    name: "Professional",
    title: "Professional",
    description: "For marketers who follow their whole market.",
    price: 89,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Everything in Starter, plus:",
    features: [
      "1 brand",
      "5 competitors",
      "Custom branding",
      "Full export",
      "Team collaboration with up to 3 e-mails",
    ],
    actionText: "Upgrade",
    actionUrl: null,
  },
  {
    productId: "enterprise",
    type: "enterprise",
    name: "Enterprise",
    title: "Enterprise",
    description: "For agencies and large teams.",
    price: 249,
    currency: "USD",
    chargeType: "per_month",
    featureInfo: "Everything in Professional, plus:",
    features: [
      "Unlimited members and brands",
      "10 competitors per brand",
      "Single sign-on",
      "Custom contracts",
      "Dedicated account manager",
      "Custom SLA",
      "Server-side customisation",
    ],
    actionText: "Contact sales",
    actionUrl: null,
  },
];

export function planOf(type: PlanType): Product {
  const plan = plans.find((p) => p.type === type);
  if (!plan) throw new Error(`No plan ${type}`);
  return plan;
}
