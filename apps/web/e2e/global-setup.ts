import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
// The YouTube Data API's stand-in is the API's own test fake: one fake of Google's shapes for both suites.
import {
  articlesEvery,
  homePage,
  robotsTxt,
  rssFeed,
  startFakeGoogle,
  startFakeMeta,
  startFakeWebsite,
  startFakeYoutube,
} from "@brandscope/api/test-support";
import type { TestProject } from "vitest/node";
import { repoRoot, startAppServer } from "./app-server";
import { startSmtpSink } from "./smtp-sink";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the SMTP sink stores the e-mails the server sent (see smtp-sink.ts and mail.ts). */
    mailDir: string;
    /** The SMTP sink, for a server a test starts of its own. */
    smtpUrl: string;
    /** A key the fake YouTube Data API accepts (the server's YOUTUBE_API_BASE_URL points at the fake). */
    youtubeKey: string;
    /** A brand's website on loopback that the server may read: its home page declares a feed of twelve articles. */
    websiteUrl: string;
    /** The server's DATA_DIR, for the operator command (`npm run operator`). */
    dataDir: string;
  }
}

/**
 * Starts the production server (API + built web app) on a fresh data folder and a free port, with a real SMTP sink
 * for its e-mail, local fakes of the YouTube Data API, of Google's OAuth and Search Console API and of Facebook Login
 * and the Graph API, and a brand's website with a feed.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, "apps/web/dist/index.html"))) {
    await run("npm", ["run", "build", "-w", "@brandscope/web"]);
  }

  const mailDir = await mkdtemp(join(tmpdir(), "brandscope-e2e-mail-"));
  const smtp = await startSmtpSink(mailDir);
  const youtubeKey = "AIzaE2eYoutubeKey00000000000000000000";
  const youtube = await startFakeYoutube({ keys: [youtubeKey] });
  const google = await startFakeGoogle();
  const meta = await startFakeMeta();
  const website = await startFakeWebsite();
  website.pages.set("/", homePage("Larkspur Tea", "/feed.xml"));
  website.pages.set("/robots.txt", robotsTxt("User-agent: *\nDisallow: /cart/\n"));
  // Twelve articles, one every four days, the newest two days ago.
  const newest = new Date(Date.now() - 2 * 86_400_000);
  website.pages.set(
    "/feed.xml",
    rssFeed("Larkspur Tea", articlesEvery(12, 4, newest, `${website.origin}/blog/notes`)),
  );
  const stopMail = async () => {
    await smtp.stop();
    await youtube.close();
    await google.close();
    await meta.close();
    await website.close();
    await rm(mailDir, { recursive: true, force: true });
  };

  let server: Awaited<ReturnType<typeof startAppServer>>;
  try {
    server = await startAppServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Brandscope <no-reply@brandscope.test>",
        // Accounts the tests make through the API arrive "from" addresses of their own (accounts.ts), so the
        // per-IP sign-up limit only counts the sign-ups a journey makes in the browser.
        TRUST_PROXY: "127.0.0.1",
        YOUTUBE_API_BASE_URL: youtube.baseUrl,
        ...website.env,
        ...google.env,
        ...meta.env,
      },
    });
  } catch (error) {
    await stopMail();
    throw error;
  }
  project.provide("baseUrl", server.baseUrl);
  project.provide("mailDir", mailDir);
  project.provide("smtpUrl", smtp.url);
  project.provide("youtubeKey", youtubeKey);
  project.provide("websiteUrl", `${website.origin}/`);
  project.provide("dataDir", server.dataDir);

  return async () => {
    await server.stop();
    await stopMail();
  };
}

function run(command: string, args: string[]) {
  return new Promise<void>((done, fail) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: "inherit" });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}
