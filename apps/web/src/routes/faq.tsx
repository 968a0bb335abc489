import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "./-components/public-page";

// Public to everyone, signed in or not (docs/decisions.md "Public pages"): no guard.
export const Route = createFileRoute("/faq")({ component: FaqPage });

const questions = [
  {
    q: "What is Brandscope?",
    a: "A brand-intelligence workspace for marketers. Connect your brand and its competitors, and Brandscope shows what you publish and how it performs, who your audience is, which influencers they follow and what they search for.",
  },
  {
    q: "What are the five modules?",
    a: "Content (what you publish, per network), Competitors (how you compare), Audience (the personas around your brand), Influencers (the voices your audience listens to) and Intent (the keywords people search for, with their cost per click).",
  },
  {
    q: "Can I try it before connecting my own brand?",
    a: "Yes. During onboarding choose the sample brand: every module fills with demo data, clearly marked as sample, and you can connect your own brand later.",
  },
  {
    q: "Where do the figures come from?",
    a: "From your brand's website, the analytics exports you upload from each platform or keyword planner, and data providers where they are set up. Every figure shows where it came from and when it was computed; where there is not enough history yet, Brandscope says so instead of showing zeros.",
  },
  {
    q: "What does it cost?",
    a: "Starter is free for a 14-day trial, with one brand and one competitor. Professional costs $89 a month: five competitors, full export and up to three team members. Enterprise costs $249 a month and is sold through our sales team: unlimited brands and members, single sign-on and a dedicated account manager.",
  },
  {
    q: "Can my team use the same account?",
    a: "On Professional and Enterprise the workspace owner invites colleagues by email. They see the same brands and modules; only the owner manages billing and members.",
  },
  {
    q: "Can I export my data?",
    a: "Every list and chart downloads as a CSV file. Professional and Enterprise export everything; Starter exports what it shows.",
  },
  {
    q: "Why can't I use Brandscope on my phone?",
    a: "Its charts and tables need a screen at least 1024 pixels wide. Please use a laptop or desktop computer.",
  },
  {
    q: "How do I cancel or delete my account?",
    a: "From your profile you can change your plan, deactivate your account or delete it together with your personal data.",
  },
] as const;

function FaqPage() {
  return (
    <PublicPage
      title="Frequently asked questions"
      lead="Short answers about Brandscope, its plans and your data."
    >
      {questions.map(({ q, a }) => (
        <section key={q}>
          <h2>{q}</h2>
          <p>{a}</p>
        </section>
      ))}
    </PublicPage>
  );
}
