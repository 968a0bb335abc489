import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "./-components/public-page";

// Public to everyone, signed in or not (docs/decisions.md "Public pages"): no guard.
export const Route = createFileRoute("/privacy")({ component: PrivacyPage });

function PrivacyPage() {
  return (
    <PublicPage
      title="Privacy policy"
      lead="Brandscope helps you understand your brand. To do that we keep some data about you and your brand; this page says what, why, and what you can do about it."
    >
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>
            Your account: name, email address, company, country, industry and, if you give it, a phone number.
          </li>
          <li>Your profile picture, if you upload one.</li>
          <li>
            Your brand and its competitors: websites, social media links and the analytics exports you upload.
            We also fetch the public pages of the websites you connect.
          </li>
          <li>
            Billing: your plan and the last digits of your card. The card itself is held by our payment
            provider, never by us.
          </li>
          <li>
            Technical records: sign-in attempts and error traces, so we can keep the service safe and working.
          </li>
        </ul>
      </section>
      <section>
        <h2>Why we keep it</h2>
        <p>
          Only to run Brandscope for you: to sign you in, compute the figures in your modules, bill your plan
          and answer your questions. We do not sell your data, and we do not show you advertising.
        </p>
      </section>
      <section>
        <h2>Who can see it</h2>
        <p>
          Your brand data belongs to your workspace. The people you invite to it see the same brands and
          modules; only the workspace owner sees billing. Our payment and email providers receive what they
          need to do their job and nothing more.
        </p>
      </section>
      <section>
        <h2>In your browser</h2>
        <p>
          Brandscope keeps your session and your filter choices in your browser's local storage so that you
          stay signed in. Logging out removes all of it. We use no advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          As long as your account exists. When you delete your account from your profile, we delete your
          personal data and, if you own the workspace, its brand data. Billing records are kept for as long as
          tax law requires.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can see and correct your details on your profile, download your data as CSV, deactivate your
          account or delete it. For anything else about your data, write to us from the address you signed up
          with and we will answer within 30 days.
        </p>
      </section>
    </PublicPage>
  );
}
